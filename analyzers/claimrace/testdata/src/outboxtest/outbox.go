// Package outboxtest holds the outbox double the relay's tests use. It
// hands each call's context to a hook the test sets, so it is no
// in-memory store in the tool's eyes; it claims nothing.
package outboxtest

import (
	"context"

	"relayrepo"
)

type Outbox struct {
	OnPending func(ctx context.Context, n int32) ([]relayrepo.Event, error)
	OnMark    func(ctx context.Context, id string) error
}

func (o *Outbox) Pending(ctx context.Context, n int32) ([]relayrepo.Event, error) {
	return o.OnPending(ctx, n)
}

func (o *Outbox) MarkSent(ctx context.Context, id string) error {
	return o.OnMark(ctx, id)
}
