// An outbox relay written with GORM: the oldest unprocessed messages,
// published one by one, each marked processed by its primary key.
package relay_gorm

import (
	"context"
	"time"

	"gorm.io/gorm"
)

type OutboxMessage struct {
	ID          int64
	Topic       string
	Payload     []byte
	CreatedAt   time.Time
	ProcessedAt *time.Time
}

type Broker interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

func Add(db *gorm.DB, m *OutboxMessage) error { return db.Create(m).Error }

func Forward(ctx context.Context, db *gorm.DB, b Broker) error {
	var msgs []OutboxMessage
	if err := db.WithContext(ctx).Where("processed_at IS NULL").Order("created_at").Limit(20).Find(&msgs).Error; err != nil { // want `two relays read the same unmarked rows`
		return err
	}
	for i := range msgs {
		if err := b.Publish(ctx, msgs[i].Topic, msgs[i].Payload); err != nil {
			return err
		}
		if err := db.WithContext(ctx).Model(&msgs[i]).Update("processed_at", time.Now()).Error; err != nil {
			return err
		}
	}
	return nil
}
