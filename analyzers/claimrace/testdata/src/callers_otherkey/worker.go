// The lock is keyed on the worker, not on the queue the claim picks from:
// two workers hold different locks and pick the same job.
package callers_otherkey

import (
	"context"

	"github.com/jackc/pgx/v5"

	"callersdb"
)

func Claim(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, worker, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	if err := qtx.LockQueue(ctx, worker); err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

// The lock is taken on another transaction than the one the claim runs in.
func ClaimOtherTx(ctx context.Context, lockTx, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	if err := q.WithTx(lockTx).LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return q.WithTx(tx).ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}

// The lock is taken after the claim.
func ClaimThenLock(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	id, err := qtx.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
	if err != nil {
		return 0, err
	}
	return id, qtx.LockQueue(ctx, queue)
}

// A worker that keeps two transactions locks the queue in one and claims
// in the other.
type worker struct {
	control, work pgx.Tx
	q             *callersdb.Queries
}

func (w *worker) Claim(ctx context.Context, queue string) (int64, error) {
	if err := w.q.WithTx(w.control).LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return w.q.WithTx(w.work).ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}
