// An outbox relay whose transaction runner logs the error of the step it
// runs and rolls it back, returning only its own errors (Begin, Commit):
// a failed mark is logged there, and what leaves the claim loop is no
// bookkeeping error.
package ok_runnerswallows

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5"

	"ok_runnerswallows/store"
)

type EventStore interface {
	ClaimNext(ctx context.Context) (store.Event, error)
	MarkProcessed(ctx context.Context, id int64) error
	ReleaseClaim(ctx context.Context, id int64) error
}

type TransactionRunner interface {
	WithinTx(ctx context.Context, fn func(EventStore) error) error
}

type TxRunner struct {
	DB interface {
		Begin(context.Context) (pgx.Tx, error)
	}
	Queries *store.Queries
}

func (r *TxRunner) WithinTx(ctx context.Context, fn func(EventStore) error) error {
	tx, err := r.DB.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(r.Queries.WithTx(tx)); err != nil {
		log.Printf("outbox: step rolled back: %v", err)
		return nil
	}
	return tx.Commit(ctx)
}

type Relay struct {
	Runner   TransactionRunner
	Dispatch func(ctx context.Context, kind string, payload []byte) error
}

func (r *Relay) Run(ctx context.Context) error {
	for {
		if err := r.runOnce(ctx); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (r *Relay) runOnce(ctx context.Context) error {
	var ev store.Event
	if err := r.Runner.WithinTx(ctx, func(s EventStore) error {
		var err error
		ev, err = s.ClaimNext(ctx)
		return err
	}); err != nil {
		return nil // nothing to do
	}
	if err := r.Dispatch(ctx, ev.Kind, ev.Payload); err != nil {
		log.Printf("outbox: dispatch %d: %v", ev.ID, err)
		return nil
	}
	if err := r.markProcessed(ctx, ev.ID); err != nil {
		return err
	}
	return nil
}

func (r *Relay) markProcessed(ctx context.Context, id int64) error {
	return r.Runner.WithinTx(ctx, func(s EventStore) error {
		return s.MarkProcessed(ctx, id)
	})
}
