// Package relay publishes the outbox through interfaces of its own: the
// store's methods, and the pool wrapper that hands out what they run on.
package relay

import (
	"context"

	"example.com/querierrelay/store"
)

type events interface {
	Unpublished(ctx context.Context, q store.DBTX, limit int) ([]store.Event, error)
	MarkPublished(ctx context.Context, q store.DBTX, id int64) error
}

type source interface {
	Q() store.DBTX
}

type Publisher interface {
	Publish(ctx context.Context, payload []byte) error
}

type Relay struct {
	src  source
	repo events
	pub  Publisher
}

func New(db *store.DB, pub Publisher) *Relay {
	return newRelay(db, store.Outbox{}, pub)
}

func newRelay(src source, repo events, pub Publisher) *Relay {
	return &Relay{src: src, repo: repo, pub: pub}
}

func (r *Relay) Drain(ctx context.Context) error {
	evs, err := r.repo.Unpublished(ctx, r.src.Q(), 100) // want "two relays read the same unmarked rows"
	if err != nil {
		return err
	}
	for _, e := range evs {
		if err := r.pub.Publish(ctx, e.Payload); err != nil {
			return nil
		}
		_ = r.repo.MarkPublished(ctx, r.src.Q(), e.ID)
	}
	return nil
}
