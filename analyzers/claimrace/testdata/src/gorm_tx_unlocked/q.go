// An unlocked SELECT and the Update in one GORM Transaction at the default
// isolation level: both workers read the row and both updates succeed.
package gorm_tx_unlocked

import (
	"database/sql"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("status = ?", "queued").Order("id").Take(&job).Error; err != nil { // want `two workers can claim the same job`
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	return &job, err
}

// READ COMMITTED, asked for explicitly, is no better.
func ClaimReadCommitted(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("status = ?", "queued").Order("id").Take(&job).Error; err != nil { // want `two workers can claim the same job`
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	}, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	return &job, err
}
