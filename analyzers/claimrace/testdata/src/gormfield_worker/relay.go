// The relay sees only the interface it declares.
package gormfield_worker

import (
	"context"

	"gormfield_store"
)

type Outbox interface {
	Pending(ctx context.Context, n int) ([]gormfield_store.OutboxEvent, error)
	MarkSent(ctx context.Context, id int64) error
	Setting(ctx context.Context, key string) (string, error)
}

type Relay struct {
	out     Outbox
	publish func(topic string, payload []byte) error
}

func New(out Outbox, publish func(string, []byte) error) *Relay {
	return &Relay{out: out, publish: publish}
}

// Flush publishes the pending events, then marks each sent.
func (r *Relay) Flush(ctx context.Context) {
	events, err := r.out.Pending(ctx, 50)
	if err != nil {
		return
	}
	for _, e := range events {
		if err := r.publish(e.Topic, e.Payload); err != nil {
			continue
		}
		_ = r.out.MarkSent(ctx, e.ID)
	}
}

// Paused reads the relay's switch from the settings table.
func (r *Relay) Paused(ctx context.Context) bool {
	v, err := r.out.Setting(ctx, "paused")
	return err == nil && v == "true"
}
