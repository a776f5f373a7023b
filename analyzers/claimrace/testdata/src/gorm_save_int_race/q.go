// gorm_save_race with the task's states coded as integers (an iota enum
// of a named type): the unlocked First and the Save by key race as they
// do with strings.
package gorm_save_int_race

import (
	"time"

	"gorm.io/gorm"
)

type TaskStatus int

const (
	Queued TaskStatus = iota
	Running
	Done
)

type Task struct {
	gorm.Model
	Status   TaskStatus
	Attempts int
	RunAt    time.Time
}

func Next(db *gorm.DB) (*Task, error) {
	var t Task
	if err := db.Where("status = ?", Queued).Order("run_at").First(&t).Error; err != nil { // want `two workers can claim the same job`
		return nil, err
	}
	t.Status = Running
	t.Attempts++
	if err := db.Save(&t).Error; err != nil {
		return nil, err
	}
	return &t, nil
}
