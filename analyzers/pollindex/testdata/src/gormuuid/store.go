// A GORM queue keyed by a UUID with no type tag (GORM stores it as text),
// created by AutoMigrate: the only index is the primary key, and the poll
// filters on status and sorts by created_at.
package gormuuid

import (
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Task struct { // want `no index serves the poll on tasks \(WHERE status = \$1 ORDER BY created_at, tasks.id\)`
	ID        uuid.UUID `gorm:"primaryKey"`
	Status    string    `gorm:"default:queued"`
	Payload   string
	CreatedAt time.Time
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
