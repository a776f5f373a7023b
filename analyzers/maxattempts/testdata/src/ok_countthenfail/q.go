// An outbox relay reads pending messages without taking them. A message
// that cannot be published has its retry count raised, and once the
// count reaches the limit it is marked failed: the poll no longer reads
// it.
package ok_countthenfail

import (
	"context"
	"log"

	"ok_countthenfail/store"
)

const maxRetries = 5

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
				continue
			}
			if m.RetryCount+1 >= maxRetries {
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
