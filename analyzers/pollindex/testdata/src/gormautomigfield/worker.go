// A GORM queue whose code reaches GORM through the store's field
// (s.DB.Where(...)) and imports no GORM itself; cmd/migrate creates the
// table with AutoMigrate, from the model, whose only index is on queue.
// The poll filters on status and sorts by run_at: no index serves it.
package gormautomigfield

import (
	"time"

	"gorm.io/gorm/clause"

	"gormautomigfield/db"
)

type Job struct { // want `no index serves the poll on jobs \(WHERE status = \$1 ORDER BY run_at, jobs.id\)\nevery poll walks .* the existing index idx_jobs_queue \(queue\) does not help`
	ID     int64
	Queue  string `gorm:"index"`
	Status string `gorm:"default:queued"`
	RunAt  time.Time
}

func Claim(s *db.Store) (*Job, error) {
	var job Job
	tx := s.DB.Begin()
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
		Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil {
		tx.Rollback()
		return nil, err
	}
	if err := tx.Model(&job).Update("status", "running").Error; err != nil {
		tx.Rollback()
		return nil, err
	}
	return &job, tx.Commit().Error
}

func Complete(s *db.Store, job *Job) error {
	return s.DB.Model(job).Update("status", "done").Error
}
