// The relay calls the repository through an interface it declares; the
// repository's package, which it imports, implements it on the pool.
package relayseen

import (
	"context"

	"relayrepo"
)

type Outbox interface {
	Pending(ctx context.Context, n int32) ([]relayrepo.Event, error)
	Claim(ctx context.Context, n int32) ([]relayrepo.Event, error)
	Next(ctx context.Context) (relayrepo.Event, error)
	MarkSent(ctx context.Context, id string) error
}

type Relay struct {
	out     Outbox
	publish func(relayrepo.Event) error
}

func New(out Outbox, publish func(relayrepo.Event) error) *Relay {
	return &Relay{out: out, publish: publish}
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

// FlushClaimed publishes events the claim already took.
func (r *Relay) FlushClaimed(ctx context.Context) {
	events, err := r.out.Claim(ctx, 100)
	if err != nil {
		return
	}
	for _, e := range events {
		if err := r.publish(e); err != nil {
			continue
		}
		_ = r.out.MarkSent(ctx, e.ID)
	}
}
