// The same queue, where the caller chooses the job's kind at enqueue and an
// operator's edit rewrites it and sends the job to be picked up again: an
// edit of the job's definition, not a failed run retried.
package ok_gormeditjob

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID        int64
	Kind      string
	Status    string
	Attempts  int
	RunAt     time.Time
	LastError string
}

func enqueue(db *gorm.DB, kind string) error {
	return db.Create(&Job{Kind: kind, Status: "pending", RunAt: time.Now()}).Error
}

func claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "pending").Order("run_at").First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&Job{}).Where("id = ?", job.ID).Update("status", "running").Error
	})
	return &job, err
}

func edit(db *gorm.DB, id int64, kind string) error {
	return db.Model(&Job{}).Where("id = ?", id).Updates(map[string]any{"status": "pending", "kind": kind}).Error
}
