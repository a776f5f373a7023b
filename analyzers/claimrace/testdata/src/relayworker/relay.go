// The relay sees only the interfaces it declares: which repository it
// runs, and on what, the command that wires it knows.
package relayworker

import "context"

// Event is what the repository hands the relay.
type Event struct {
	ID   string
	Body []byte
}

type Outbox interface {
	Pending(ctx context.Context, n int32) ([]Event, error)
	Claim(ctx context.Context, n int32) ([]Event, error)
	Next(ctx context.Context) (Event, error)
	MarkSent(ctx context.Context, id string) error
}

type Relay struct {
	out     Outbox
	publish func(Event) error
}

func New(out Outbox, publish func(Event) error) *Relay {
	return &Relay{out: out, publish: publish}
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

// Take marks the next event sent as soon as it has read it: an unlocked
// read then an UPDATE by key, each committing on its own.
func (r *Relay) Take(ctx context.Context) (Event, error) {
	e, err := r.out.Next(ctx)
	if err != nil {
		return Event{}, err
	}
	err = r.out.MarkSent(ctx, e.ID)
	return e, err
}

// Inspect publishes the next event before it marks it sent: two relays
// read the same event unlocked, and each publishes it before either marks
// it.
func (r *Relay) Inspect(ctx context.Context) error {
	e, err := r.out.Next(ctx)
	if err != nil {
		return err
	}
	if err := r.publish(e); err != nil {
		return err
	}
	return r.out.MarkSent(ctx, e.ID)
}
