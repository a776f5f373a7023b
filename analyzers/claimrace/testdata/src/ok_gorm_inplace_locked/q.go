// GORM: the lock is added with the Clauses call's result dropped. GORM
// adds it to the chain value in place, so the First is locked; the tool
// cannot follow that order and stays silent.
package ok_gorm_inplace_locked

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
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		q := tx.Where("status = ?", "queued").Order("run_at")
		q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		if err := q.First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}
