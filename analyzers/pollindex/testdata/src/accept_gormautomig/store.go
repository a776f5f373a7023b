// The same queue, its poll served by the composite index the model's tags
// declare: status, then run_at, as the poll filters and sorts.
package accept_gormautomig

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Queue  string    `gorm:"index"`
	Status string    `gorm:"default:queued;index:idx_jobs_poll,priority:1"`
	RunAt  time.Time `gorm:"index:idx_jobs_poll,priority:2"`
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
