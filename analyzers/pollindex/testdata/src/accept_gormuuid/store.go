// The same queue, its poll served by the composite index its tags declare:
// status, then created_at, as the poll filters and sorts.
package accept_gormuuid

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Task struct {
	ID        uuid.UUID `gorm:"primaryKey"`
	Status    string    `gorm:"default:queued;index:idx_tasks_poll,priority:1"`
	Payload   string
	CreatedAt time.Time `gorm:"index:idx_tasks_poll,priority:2"`
}

func Claim(db *gorm.DB) (*Task, error) {
	var task Task
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ?", "queued").Order("created_at").First(&task).Error; err != nil {
			return err
		}
		return tx.Model(&Task{}).Where("id = ?", task.ID).Update("status", "running").Error
	})
	if err != nil {
		return nil, err
	}
	return &task, nil
}

func Complete(db *gorm.DB, id uuid.UUID) error {
	return db.Model(&Task{}).Where("id = ?", id).Update("status", "done").Error
}
