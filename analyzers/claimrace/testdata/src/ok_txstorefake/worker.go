// A worker that reaches its jobs through a store interface whose RunInTx
// hands the closure a TxStore on one transaction: the next due job is
// selected FOR UPDATE SKIP LOCKED and marked running in it. Beside the
// PostgreSQL store, a fake implements TxStore for the worker's dry runs:
// the claim is the PostgreSQL store's, and it is correct.
package ok_txstorefake

import (
	"context"

	"ok_txstorefake/pgstore"
)

type TxStore interface {
	NextDue(ctx context.Context) (pgstore.Job, error)
	MarkRunning(ctx context.Context, id int64) error
}

type Store interface {
	RunInTx(ctx context.Context, fn func(tx TxStore) error) error
}

type pgStore struct{ s *pgstore.Store }

func (p pgStore) RunInTx(ctx context.Context, fn func(tx TxStore) error) error {
	return p.s.RunInTx(ctx, func(tx *pgstore.Tx) error { return fn(tx) })
}

// FakeTxStore answers from hooks a test sets.
type FakeTxStore struct {
	Next func(ctx context.Context) (pgstore.Job, error)
	Mark func(ctx context.Context, id int64) error
}

func (f *FakeTxStore) NextDue(ctx context.Context) (pgstore.Job, error) { return f.Next(ctx) }

func (f *FakeTxStore) MarkRunning(ctx context.Context, id int64) error { return f.Mark(ctx, id) }

type Worker struct {
	store Store
	run   func(ctx context.Context, payload []byte) error
}

func NewWorker(s *pgstore.Store, run func(ctx context.Context, payload []byte) error) *Worker {
	return &Worker{store: pgStore{s}, run: run}
}

func (w *Worker) Next(ctx context.Context) (pgstore.Job, error) {
	var job pgstore.Job
	err := w.store.RunInTx(ctx, func(tx TxStore) error {
		j, err := tx.NextDue(ctx)
		if err != nil {
			return err
		}
		job = j
		return tx.MarkRunning(ctx, j.ID)
	})
	return job, err
}
