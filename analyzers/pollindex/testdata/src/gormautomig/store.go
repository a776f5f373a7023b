// A GORM queue with no migration file: cmd/migrate creates the table with
// AutoMigrate, from the model, whose only index is on queue. The poll
// filters on status and sorts by run_at: no index serves it.
package gormautomig

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct { // want `no index serves the poll on jobs \(WHERE status = \$1 ORDER BY run_at, jobs.id\)\nevery poll walks .* the existing index idx_jobs_queue \(queue\) does not help`
	ID     int64
	Queue  string `gorm:"index"`
	Status string `gorm:"default:queued"`
	RunAt  time.Time
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}

func Complete(db *gorm.DB, job *Job) error {
	return db.Model(job).Update("status", "done").Error
}
