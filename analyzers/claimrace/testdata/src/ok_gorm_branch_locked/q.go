// GORM: the same poll built across an if, locked FOR UPDATE SKIP LOCKED
// on every path, and the Update in the same Transaction.
package ok_gorm_branch_locked

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Kind   string
	Status string
	RunAt  time.Time
}

func Claim(db *gorm.DB, kind string) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		q := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).Where("status = ?", "queued")
		if kind != "" {
			q = q.Where("kind = ?", kind)
		}
		if err := q.Order("run_at").First(&job).Error; err != nil {
			return err
		}
		return tx.Model(&job).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &job, nil
}
