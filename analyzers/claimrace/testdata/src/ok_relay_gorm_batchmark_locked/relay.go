// The GORM relay of relay_gorm_batchmark done right: a batch of the
// unprocessed messages read FOR UPDATE SKIP LOCKED in a transaction that
// lasts until the mark, so a second relay skips the rows the first holds.
package ok_relay_gorm_batchmark_locked

import (
	"encoding/json"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
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

func (r *Relay) Forward() error {
	return r.DB.Transaction(func(tx *gorm.DB) error {
		messages := make([]OutboxMessage, 0)
		err := tx.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"}).
			Where("is_processed = ?", false).
			Limit(100).
			Find(&messages).Error
		if err != nil {
			return err
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
		return tx.Model(&OutboxMessage{}).
			Where("id IN ?", done).
			UpdateColumn("is_processed", true).Error
	})
}
