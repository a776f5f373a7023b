// The lock asked for the way GORM v1 did, in GORM v2: v2 keeps
// gorm:query_option for hooks and sends the SELECT with no FOR UPDATE, so
// both workers read the row and both updates succeed.
package gorm_v1_lock

import (
	"time"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
	RunAt  time.Time
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		lock := tx.Set("gorm:query_option", "FOR UPDATE SKIP LOCKED")
		if err := lock.Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil { // want `two workers can claim the same job`
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}
