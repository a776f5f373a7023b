// The relay calls the repository through an interface it declares; the
// repository's package implements it on the pool, and the double of a
// test-helper package implements it too, for the relay's own dry runs.
// The program runs only the repository against PostgreSQL: the relay
// races as relayseen's does.
package relayfakeseen

import (
	"context"

	"outboxtest"
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

// NewDryRun is a relay that publishes what its hooks hand it.
func NewDryRun(o *outboxtest.Outbox) *Relay {
	return New(o, func(relayrepo.Event) error { return nil })
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
