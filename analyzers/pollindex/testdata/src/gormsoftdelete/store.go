// A GORM queue whose model has a soft-delete column with an index, as
// gorm.Model does. Every query GORM sends adds deleted_at IS NULL, so the
// poll filters on it, but no statement of the queue writes deleted_at: the
// index holds every job ever run, done ones included, and finds none of the
// queued ones. No index serves the poll.
package gormsoftdelete

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct { // want `no index serves the poll on jobs \(WHERE status = \$1 AND jobs.deleted_at IS NULL ORDER BY created_at, jobs.id\)\nevery poll walks .* the existing index idx_jobs_deleted_at \(deleted_at\) does not help`
	ID        int64
	Status    string `gorm:"default:queued"`
	CreatedAt time.Time
	DeletedAt gorm.DeletedAt `gorm:"index"`
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("created_at").First(&job).Error; err != nil {
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
