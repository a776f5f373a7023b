// The seed's race written with GORM: an unlocked First, then an Update of
// the row it found by its primary key.
package gorm_race

import (
	"time"

	"gorm.io/gorm"
)

type Job struct {
	ID     int64
	Status string
	RunAt  time.Time
}

func Claim(db *gorm.DB) (*Job, error) {
	var job Job
	if err := db.Where("status = ?", "queued").Order("run_at").First(&job).Error; err != nil { // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
		return nil, err
	}
	if err := db.Model(&job).Update("status", "running").Error; err != nil {
		return nil, err
	}
	return &job, nil
}
