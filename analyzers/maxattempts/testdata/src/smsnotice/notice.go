// Package smsnotice tells others that a message failed: through the store
// (which writes the failure), through a sink of the module's own, or
// through a function it was given.
package smsnotice

import (
	"context"

	"smsstore"
)

type Notifier struct{ Store *smsstore.PG }

func (n *Notifier) Failed(ctx context.Context, id int64, err error) {
	_ = n.Store.MarkFailed(ctx, id, err.Error())
}

type Sink interface {
	Put(ctx context.Context, id int64, reason string) error
}

type Audit struct{ Sink Sink }

func (a *Audit) Failed(ctx context.Context, id int64, err error) {
	_ = a.Sink.Put(ctx, id, err.Error())
}

type Hook struct {
	OnFail func(ctx context.Context, id int64, err error)
}

func (h *Hook) Failed(ctx context.Context, id int64, err error) {
	h.OnFail(ctx, id, err)
}
