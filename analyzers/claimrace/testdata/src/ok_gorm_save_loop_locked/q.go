// GORM: the batch is read FOR UPDATE SKIP LOCKED and each row saved as
// processing in the same Transaction: another worker skips the locked
// rows, and finds them processing once the transaction commits.
package ok_gorm_save_loop_locked

import (
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Email struct {
	ID           string `gorm:"type:uuid;primaryKey;default:gen_random_uuid()"`
	Status       string `gorm:"default:'pending'"`
	Attempts     int
	ErrorMessage string
	ScheduledFor time.Time
}

func Process(db *gorm.DB, send func(Email) error) {
	var emails []Email
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("status = ? AND scheduled_for <= ?", "pending", time.Now()).
			Order("scheduled_for").Limit(10).Find(&emails).Error; err != nil {
			return err
		}
		for i := range emails {
			e := emails[i]
			e.Status = "processing"
			if err := tx.Save(&e).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return
	}
	for _, e := range emails {
		if err := send(e); err != nil {
			e.Status = "failed"
			e.ErrorMessage = err.Error()
			db.Save(&e)
			continue
		}
		e.Status = "sent"
		db.Save(&e)
	}
}
