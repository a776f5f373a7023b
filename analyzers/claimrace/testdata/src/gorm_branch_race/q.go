// GORM: the poll narrowed to a kind when one is given, built across an
// if; either way an unlocked First, then an Update of the row by its key.
package gorm_branch_race

import (
	"time"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Kind   string
	Status string
	RunAt  time.Time
}

func Claim(db *gorm.DB, kind string) (*Job, error) {
	var job Job
	q := db.Model(&Job{}).Where("status = ?", "queued")
	if kind != "" {
		q = q.Where("kind = ?", kind)
	}
	if err := q.Order("run_at").First(&job).Error; err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	if err := db.Model(&job).Update("status", "running").Error; err != nil {
		return nil, err
	}
	return &job, nil
}
