// The relay calls the repository through an interface it declares; the
// repository's package implements it on the pool, and the in-memory
// outbox its local runs use implements it too. That one claims nothing:
// on PostgreSQL the relay races as relayseen's does.
package relaymemseen

import (
	"context"

	"relaymem"
	"relayrepo"
)

type Outbox interface {
	Pending(ctx context.Context, n int32) ([]relayrepo.Event, error)
	MarkSent(ctx context.Context, id string) error
}

type Relay struct {
	out     Outbox
	publish func(relayrepo.Event) error
}

func New(out Outbox, publish func(relayrepo.Event) error) *Relay {
	return &Relay{out: out, publish: publish}
}

// NewLocal is the relay of a run with no database.
func NewLocal() *Relay {
	return New(relaymem.New(), func(relayrepo.Event) error { return nil })
}

// Flush publishes each pending event, then marks it sent.
func (r *Relay) Flush(ctx context.Context) {
	events, err := r.out.Pending(ctx, 100) // want "Pending's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns"
	if err != nil || len(events) == 0 {
		return
	}
	for _, e := range events {
		if err := r.publish(e); err != nil {
			continue
		}
		_ = r.out.MarkSent(ctx, e.ID)
	}
}
