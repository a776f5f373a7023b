// GORM: an unlocked First of a queued task, its status set in Go, then
// Save (UPDATE of every column by key), each committing on its own.
package gorm_save_race

import (
	"time"

	"gorm.io/gorm"
)

type Task struct {
	gorm.Model
	Status   string
	Attempts int
	RunAt    time.Time
}

func Next(db *gorm.DB) (*Task, error) {
	var t Task
	if err := db.Where("status = ?", "queued").Order("run_at").First(&t).Error; err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	t.Status = "running"
	t.Attempts++
	if err := db.Save(&t).Error; err != nil {
		return nil, err
	}
	return &t, nil
}
