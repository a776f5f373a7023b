// GORM: the task is read FOR UPDATE SKIP LOCKED and saved as running in
// the same Transaction: another worker skips the locked row.
package ok_gorm_save_locked

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Task struct {
	gorm.Model
	Status   string
	Attempts int
	RunAt    time.Time
}

func Next(db *gorm.DB) (*Task, error) {
	var t Task
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("run_at").First(&t).Error; err != nil {
			return err
		}
		t.Status = "running"
		t.Attempts++
		return tx.Save(&t).Error
	})
	if err != nil {
		return nil, err
	}
	return &t, nil
}
