// gormrelayflag with a partial index on the flag its poll reads (GORM's
// index tag with a where: option): the poll reads only the unprocessed
// messages.
package accept_gormrelayflag

import (
	"log"

	"gorm.io/gorm"
)

type OutboxMessage struct {
	ID          string
	Body        string
	IsProcessed bool `gorm:"index:outbox_unprocessed,where:is_processed = false"`
}

type Publisher interface{ Publish(body string) error }

func Add(db *gorm.DB, m *OutboxMessage) error { return db.Create(m).Error }

func Forward(db *gorm.DB, p Publisher) {
	var msgs []OutboxMessage
	if err := db.Where("is_processed = ?", false).Find(&msgs).Error; err != nil {
		log.Println(err)
		return
	}
	var done []string
	for _, m := range msgs {
		if err := p.Publish(m.Body); err != nil {
			continue
		}
		done = append(done, m.ID)
	}
	if err := db.Model(&OutboxMessage{}).Where("id IN ?", done).UpdateColumn("is_processed", true).Error; err != nil {
		log.Println(err)
	}
}
