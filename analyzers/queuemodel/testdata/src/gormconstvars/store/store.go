package store // want package:"queues\\(public.jobs\\)"

// A GORM store whose states are another package's exported variables:
// the poll filters on them, the claim's map sets one, beside a lease
// column the poll also reads (locked_at IS NULL).

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"gormconstvars/states"
)

type Job struct {
	ID       uint `gorm:"primaryKey"`
	Status   states.Status
	LockedAt *time.Time
}

func Claim(db *gorm.DB) (*Job, error) { // want Claim:"claims jobs"
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", states.Queued).Where("locked_at IS NULL").Order("id").First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Updates(map[string]any{"status": states.Running, "locked_at": time.Now()}).Error
	})
	return &job, err
}

func Complete(db *gorm.DB, id uint) error { // want Complete:"completes jobs"
	return db.Model(&Job{}).Where("id = ?", id).Updates(map[string]any{"status": states.Done, "locked_at": nil}).Error
}
