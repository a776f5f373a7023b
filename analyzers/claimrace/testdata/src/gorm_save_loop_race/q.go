// GORM: a batch of pending emails read with no lock, each marked as
// processing by Save (the UPDATE of every column by key, its key filled by
// the database when the row was created) and sent: two workers that read
// the same batch send the same emails.
package gorm_save_loop_race

import (
	"time"

	"gorm.io/gorm"
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
	if err := db.Where("status = ? AND scheduled_for <= ?", "pending", time.Now()). // want `two workers can claim the same job`
											Order("scheduled_for").Limit(10).Find(&emails).Error; err != nil {
		return
	}
	for _, e := range emails {
		e.Status = "processing"
		db.Save(&e)
		if err := send(e); err != nil {
			e.Attempts++
			if e.Attempts >= 3 {
				e.Status = "failed"
				e.ErrorMessage = err.Error()
			} else {
				e.Status = "pending"
			}
			db.Save(&e)
			continue
		}
		e.Status = "sent"
		db.Save(&e)
	}
}
