// A SKIP LOCKED SELECT in a GORM transaction that commits before the
// Update takes the row.
package gorm_commitfirst

import (
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Status string
}

func Claim(db *gorm.DB) (*Job, error) {
	tx := db.Begin()
	var job Job
	if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("status = ?", "queued").Take(&job).Error; err != nil { // want `the transaction that holds this row lock ends before the UPDATE that takes the job`
		tx.Rollback()
		return nil, err
	}
	if err := tx.Commit().Error; err != nil {
		return nil, err
	}
	return &job, db.Model(&job).Update("status", "running").Error
}
