// A GORM outbox with no migration file: cmd/app creates the table with
// AutoMigrate. The relay reads every message whose flag is still false
// (bound as the constant false) and marks the published ones true: no
// index serves the poll, which walks every processed message.
package gormrelayflag

import (
	"log"

	"gorm.io/gorm"
)

type OutboxMessage struct { // want `no index serves the poll on outbox_messages \(WHERE is_processed = \$1\)`
	ID          string
	Body        string
	IsProcessed bool
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
