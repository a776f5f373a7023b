// Every caller of leasedb's claims runs them in a transaction held through
// the work and the completion: a worker that dies mid-job rolls the claim
// back, and the job is queued again.
package ok_callers_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"leasedb"
)

// goqueue's shape: a helper given q.WithTx(tx) through the Querier
// interface by the one function that calls it.
func Work(ctx context.Context, pool *pgxpool.Pool, q *leasedb.Queries, run func(int64) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	id, err := fetch(ctx, qtx)
	if err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	if err := qtx.Finish(ctx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func fetch(ctx context.Context, q leasedb.Querier) (int64, error) {
	return q.ClaimNext(ctx, "default")
}

// hatchet's shape: the transaction is an argument.
func WorkBatch(ctx context.Context, tx pgx.Tx, q *leasedb.Queries, run func(pgx.Rows) error) error {
	rows, err := q.ClaimBatch(ctx, tx, "default", 10)
	if err != nil {
		return err
	}
	defer rows.Close()
	return run(rows)
}
