// An outbox relay reads pending messages without taking them: a message
// stays 'pending' until it is marked sent, so the next tick reads it
// again. A message that cannot be published only has its retry count
// raised; nothing compares the count with a limit, so a message that
// never publishes is read and retried on every tick for ever.
package countonly

import (
	"context"
	"encoding/json"
	"log"

	"countonly/store"
)

func Relay(ctx context.Context, o *store.Outbox, publish func(topic string, v any) error) {
	msgs, err := o.Pending(ctx, 100)
	if err != nil {
		log.Printf("outbox: %v", err)
		return
	}
	for _, m := range msgs {
		var v map[string]any
		if err := json.Unmarshal(m.Payload, &v); err != nil {
			o.IncrementRetryCount(ctx, m.ID) // want `this call puts the job back with no limit`
			continue
		}
		if err := publish(m.Topic, v); err != nil {
			log.Printf("outbox: publish %d: %v", m.ID, err)
			if err := o.IncrementRetryCount(ctx, m.ID); err != nil { // want `this call puts the job back with no limit`
				log.Printf("outbox: count %d: %v", m.ID, err)
			}
			continue
		}
		if err := o.MarkSent(ctx, m.ID); err != nil {
			log.Printf("outbox: mark %d: %v", m.ID, err)
		}
	}
}
