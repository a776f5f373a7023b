// GORM: the same model read FOR UPDATE SKIP LOCKED and saved as running
// in one Transaction: another worker skips the locked row.
package ok_gorm_save_defaults_locked

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type State string

const (
	Pending State = "pending"
	Running State = "running"
)

type Work struct {
	ID        string     `gorm:"primaryKey;size:36"`
	Queue     string     `gorm:"index;size:64;default:'default'"`
	State     State      `gorm:"index;size:16;default:'pending'"`
	Tries     int        `gorm:"default:0"`
	Owner     string     `gorm:"size:64"`
	LeaseTill *time.Time `gorm:"index"`
}

func Take(db *gorm.DB, owner string) (*Work, error) {
	var w Work
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("state = ?", Pending).Order("id").First(&w).Error; err != nil {
			return err
		}
		till := time.Now().Add(time.Minute)
		w.State = Running
		w.Owner = owner
		w.LeaseTill = &till
		w.Tries++
		return tx.Save(&w).Error
	})
	if err != nil {
		return nil, err
	}
	return &w, nil
}
