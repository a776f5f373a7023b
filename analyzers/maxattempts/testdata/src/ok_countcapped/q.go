// An outbox relay reads pending messages without taking them and raises
// a message's retry count when it cannot be published; the poll reads
// only messages under ten retries, so one that never publishes stops
// being retried.
package ok_countcapped

import (
	"context"
	"log"

	"ok_countcapped/store"
)

func Relay(ctx context.Context, o *store.Outbox, publish func(topic string, payload []byte) error) {
	msgs, err := o.Pending(ctx, 100)
	if err != nil {
		log.Printf("outbox: %v", err)
		return
	}
	for _, m := range msgs {
		if err := publish(m.Topic, m.Payload); err != nil {
			if err := o.IncrementRetryCount(ctx, m.ID); err != nil {
				log.Printf("outbox: count %d: %v", m.ID, err)
			}
			continue
		}
		if err := o.MarkSent(ctx, m.ID); err != nil {
			log.Printf("outbox: mark %d: %v", m.ID, err)
		}
	}
}
