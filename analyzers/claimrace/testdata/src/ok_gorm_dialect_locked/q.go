// GORM: the claim locks its row unless the database is SQLite (which has
// no FOR UPDATE): on PostgreSQL the SELECT is the locked one.
package ok_gorm_dialect_locked

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
		if tx.Dialector.Name() != "sqlite" {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
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
