// A GORM outbox relay that reads every unprocessed message (no LIMIT, no
// order), publishes each, then marks the published ones processed in one
// UPDATE ... WHERE id IN (...). The table is GORM's, created by
// AutoMigrate from the model.
package relay_gorm_batchmark

import (
	"encoding/json"
	"log"

	"gorm.io/gorm"
)

type OutboxMessage struct {
	ID          string
	EventName   string
	Email       string
	IsProcessed bool
}

type Publisher interface {
	Publish(subject string, body []byte) error
}

type Relay struct {
	DB      *gorm.DB
	Pub     Publisher
	Subject string
}

func Migrate(db *gorm.DB) error { return db.AutoMigrate(&OutboxMessage{}) }

func Add(db *gorm.DB, m *OutboxMessage) error { return db.Create(m).Error }

func (r *Relay) Forward() {
	messages := make([]OutboxMessage, 0)
	err := r.DB.Where("is_processed = ?", false).Find(&messages).Error // want `two relays read the same unmarked rows`
	if err != nil {
		log.Println(err)
		return
	}
	if len(messages) == 0 {
		return
	}
	done := make([]string, 0)
	for _, m := range messages {
		b, err := json.Marshal(m)
		if err != nil {
			continue
		}
		if err := r.Pub.Publish(r.Subject, b); err != nil {
			continue
		}
		done = append(done, m.ID)
	}
	err = r.DB.Model(&OutboxMessage{}).
		Where("id IN ?", done).
		UpdateColumn("is_processed", true).Error
	if err != nil {
		log.Println(err)
	}
}
