// leasedb's claims run on the pool, where each commits at once: a worker
// that dies mid-job leaves its job running, and nothing reclaims it.
package callers_autocommit

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"leasedb"
)

func Work(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	q := leasedb.New(pool)
	id, err := q.ClaimNext(ctx, "default") // want `this call runs the claim of leasedb.\(\*Queries\).ClaimNext on q, a pool where the claim commits at once\nthe claim is at db.go:47: this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired`
	if err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	return q.Finish(ctx, id)
}

func WorkBatch(ctx context.Context, pool *pgxpool.Pool, q *leasedb.Queries) (pgx.Rows, error) {
	return q.ClaimBatch(ctx, pool, "default", 10) // want `this call runs the claim of leasedb.\(\*Queries\).ClaimBatch on pool, a pool where the claim commits at once\nthe claim is at db.go:70: this claim moves the job to 'running' and writes no lease deadline`
}

// A helper given the pool by one caller and a transaction by another.
func WorkEither(ctx context.Context, pool *pgxpool.Pool, tx pgx.Tx, q *leasedb.Queries) error {
	if _, err := fetch(ctx, q.WithTx(tx)); err != nil {
		return err
	}
	_, err := fetch(ctx, leasedb.New(pool))
	return err
}

func fetch(ctx context.Context, q leasedb.Querier) (int64, error) {
	return q.ClaimNext(ctx, "default") // want `this call runs the claim of leasedb.\(\*Queries\).ClaimNext on q, not seen to be a transaction held through the work\nthe claim is at db.go:47: `
}

// A Queries the caller of an exported function chooses.
func WorkOn(ctx context.Context, q *leasedb.Queries) (int64, error) {
	return q.ClaimNext(ctx, "default") // want `on q, not seen to be a transaction held through the work\n`
}

// An exported helper: this package gives it a transaction, but another
// package may give it anything.
func Fetch(ctx context.Context, q leasedb.Querier) (int64, error) {
	return q.ClaimNext(ctx, "default") // want `on q, not seen to be a transaction held through the work\n`
}

func WorkFetch(ctx context.Context, tx pgx.Tx, q *leasedb.Queries) (int64, error) {
	return Fetch(ctx, q.WithTx(tx))
}
