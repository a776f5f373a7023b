// An outbox relay reads pending messages without taking them and raises a
// message's retry count when it cannot be published. It marks the message
// failed only when the count cannot be written, never by the count: a
// message that never publishes is retried for ever.
package countfailonerror

import (
	"context"
	"log"

	"countfailonerror/store"
)

func Relay(ctx context.Context, o *store.Outbox, publish func(topic string, payload []byte) error) {
	msgs, err := o.Pending(ctx, 100)
	if err != nil {
		log.Printf("outbox: %v", err)
		return
	}
	for _, m := range msgs {
		if err := publish(m.Topic, m.Payload); err != nil {
			if err := o.IncrementRetryCount(ctx, m.ID); err != nil { // want `this call puts the job back with no limit`
				if err := o.MarkFailed(ctx, m.ID); err != nil {
					log.Printf("outbox: fail %d: %v", m.ID, err)
				}
			}
			continue
		}
		if err := o.MarkSent(ctx, m.ID); err != nil {
			log.Printf("outbox: mark %d: %v", m.ID, err)
		}
	}
}
