// The same relay, where the other implementation in sight runs SQL the
// tool cannot read: which one claims what is not known, and the tool says
// nothing.
package relaydynseen

import (
	"context"

	"relaydyn"
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

// NewDynamic is the relay of an outbox table named at run time.
func NewDynamic(o *relaydyn.Outbox) *Relay {
	return New(o, func(relayrepo.Event) error { return nil })
}

// Flush publishes each pending event, then marks it sent.
func (r *Relay) Flush(ctx context.Context) {
	events, err := r.out.Pending(ctx, 100)
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
