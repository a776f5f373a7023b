// The GORM queue of gormautomig, but nothing in sight creates its table (the
// module migrates Audit only): its indexes may be in a migration elsewhere.
// The tool says nothing rather than guess.
package accept_gormnomigrate

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Job struct {
	ID     int64
	Queue  string `gorm:"index"`
	Status string `gorm:"default:queued"`
	RunAt  time.Time
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil {
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

// Audit is the one model the module migrates.
type Audit struct {
	ID   int64
	Note string
}
