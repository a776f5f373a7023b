// An outbox relay reaches its queries through an interface it declares, // want package:`retrymethods\(store.Queries.ReleaseClaim\)`
// each step in a transaction its runner opens; the store's queries
// implement the interface. When the dispatch fails the event's claim is
// released back to 'pending' with no attempt limit: an event that never
// dispatches is claimed and released for ever.
package runnerrelease

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"

	"runnerrelease/store"
)

type EventStore interface {
	ClaimNext(ctx context.Context) (store.Event, error)
	MarkProcessed(ctx context.Context, id int64) error
	ReleaseClaim(ctx context.Context, id int64) error
}

type TxRunner struct {
	DB interface {
		Begin(context.Context) (pgx.Tx, error)
	}
}

func (r *TxRunner) WithinTx(ctx context.Context, fn func(EventStore) error) error {
	tx, err := r.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(store.New(tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type Relay struct {
	Runner   *TxRunner
	Dispatch func(ctx context.Context, kind string, payload []byte) error
}

func (r *Relay) RunOnce(ctx context.Context) error {
	var ev store.Event
	if err := r.Runner.WithinTx(ctx, func(s EventStore) error {
		var err error
		ev, err = s.ClaimNext(ctx)
		return err
	}); err != nil {
		return err
	}
	if err := r.Dispatch(ctx, ev.Kind, ev.Payload); err != nil {
		log.Printf("outbox: dispatch %d: %v", ev.ID, err)
		return r.Runner.WithinTx(ctx, func(s EventStore) error {
			return s.ReleaseClaim(ctx, ev.ID) // want `this call puts the job back with no limit`
		})
	}
	return r.Runner.WithinTx(ctx, func(s EventStore) error {
		return s.MarkProcessed(ctx, ev.ID)
	})
}
