// An outbox kept in a map behind a mutex: what the relay's tests and a
// local run without a database use. It claims nothing.
package relaymem

import (
	"context"
	"errors"
	"sort"
	"sync"

	"relayworker"
)

type Outbox struct {
	mu     sync.Mutex
	events map[string]relayworker.Event
	sent   map[string]bool
}

func New() *Outbox {
	return &Outbox{events: map[string]relayworker.Event{}, sent: map[string]bool{}}
}

func (o *Outbox) Pending(ctx context.Context, n int32) ([]relayworker.Event, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.unsent(int(n)), nil
}

func (o *Outbox) Claim(ctx context.Context, n int32) ([]relayworker.Event, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := o.unsent(int(n))
	for _, e := range out {
		o.sent[e.ID] = true
	}
	return out, nil
}

func (o *Outbox) Next(ctx context.Context) (relayworker.Event, error) {
	if err := ctx.Err(); err != nil {
		return relayworker.Event{}, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if out := o.unsent(1); len(out) > 0 {
		return out[0], nil
	}
	return relayworker.Event{}, errors.New("no event")
}

func (o *Outbox) MarkSent(ctx context.Context, id string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.sent[id] = true
	return nil
}

func (o *Outbox) unsent(n int) []relayworker.Event {
	var out []relayworker.Event
	for id, e := range o.events {
		if !o.sent[id] {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
