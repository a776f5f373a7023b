// GORM, states coded as integers: the poll's text compares status with the
// literal 0, and the claim is a Save of the task whose Status field the code
// set to the named constant Running. The claim writes no lease deadline;
// the message names the state by its Go constant, which only the field
// store gives.
package gormsaveintname

import (
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
	Status TaskStatus
}

func Next(db *gorm.DB) (*Task, error) {
	var t Task
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = 0").Order("id").First(&t).Error; err != nil {
			return err
		}
		t.Status = Running
		return tx.Save(&t).Error // want `this claim moves the job to gormsaveintname.Running \(1\) and writes no lease deadline`
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// Finish records the task's outcome after its work: the claimed state is
// left again, so the claim holds the task in progress.
func Finish(db *gorm.DB, t *Task) error {
	t.Status = Done
	return db.Save(t).Error
}
