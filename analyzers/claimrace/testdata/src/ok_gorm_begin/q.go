// A SKIP LOCKED claim between GORM's Begin and Commit.
package ok_gorm_begin

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Status string
	RunAt  time.Time
}

func Claim(db *gorm.DB) (*Job, error) {
	tx := db.Begin()
	defer tx.Rollback()
	var job Job
	if err := tx.Model(&Job{}).Where("status = ?", "queued").Order("run_at").Limit(1).
		Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate, Options: clause.LockingOptionsSkipLocked}).Find(&job).Error; err != nil {
		return nil, err
	}
	if err := tx.Model(&Job{}).Where("id = ?", job.ID).Updates(map[string]interface{}{"status": "running"}).Error; err != nil {
		return nil, err
	}
	return &job, tx.Commit().Error
}
