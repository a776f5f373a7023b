package gormsaveloop // want package:"queues\\(public.emails\\)"

// GORM: each pending email Find read is saved as processing, sent, and
// saved as sent; on failure it is saved as failed once out of attempts,
// as pending again otherwise. Save writes every column: the error column
// it writes back as read on the success path records no failure there.

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

func Process(db *gorm.DB, send func(Email) error) { // want Process:"claims jobs in a loop, completes jobs, fails jobs, runs parameter 1"
	var emails []Email
	if err := db.Where("status = ? AND scheduled_for <= ?", "pending", time.Now()).
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
