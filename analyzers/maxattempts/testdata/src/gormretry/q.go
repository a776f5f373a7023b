// A GORM queue: Create writes every column of the job, the ones the code
// leaves unset as their zero values (an empty last_error), which the caller does
// not choose; the retry records the error and counts the attempt, and
// nothing compares the count with a limit.
package gormretry

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

func retry(db *gorm.DB, id int64, cause error) error {
	return db.Model(&Job{}).Where("id = ?", id).Updates(map[string]any{ // want `this retry puts the job back with no limit`
		"status":     "pending",
		"attempts":   gorm.Expr("attempts + 1"),
		"last_error": cause.Error(),
	}).Error
}
