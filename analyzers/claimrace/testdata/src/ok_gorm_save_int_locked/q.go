// ok_gorm_save_locked with the task's states coded as integers: the task
// is read FOR UPDATE SKIP LOCKED and saved as running in the same
// Transaction.
package ok_gorm_save_int_locked

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", Queued).Order("run_at").First(&t).Error; err != nil {
			return err
		}
		t.Status = Running
		t.Attempts++
		return tx.Save(&t).Error
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}
