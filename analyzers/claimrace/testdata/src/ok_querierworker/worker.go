// Callers of querierstore that hand its methods a transaction: a
// REPEATABLE READ one (the second worker's UPDATE fails with 40001), or
// a value the code does not show to be a pool.
package ok_querierworker

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"querierstore"
)

func WorkSnapshot(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	var repo querierstore.Repo
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	j, err := repo.Next(ctx, tx)
	if err != nil {
		return err
	}
	if err := repo.MarkRunning(ctx, tx, j.ID); err != nil {
		return err
	}
	if err := run(j.Payload); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// WorkOn is handed its Querier by callers out of sight.
func WorkOn(ctx context.Context, q querierstore.Querier, run func([]byte) error) error {
	var repo querierstore.Repo
	j, err := repo.Next(ctx, q)
	if err != nil {
		return err
	}
	if err := repo.MarkRunning(ctx, q, j.ID); err != nil {
		return err
	}
	return run(j.Payload)
}

// WorkSession asks for a snapshot: Session may return the pool or a
// REPEATABLE READ transaction, and the code does not show which.
func WorkSession(ctx context.Context, d *querierstore.SQLDB, run func(string) error) error {
	var tasks querierstore.Tasks
	q, err := d.Session(ctx, true)
	if err != nil {
		return err
	}
	id, body, err := tasks.Next(ctx, q)
	if err != nil {
		return err
	}
	if err := tasks.Take(ctx, q, id); err != nil {
		return err
	}
	return run(body)
}

// WorkVia hands the pool to a Claimer: Repo would run on it, Sticky runs
// on what it was made with, and the code does not show which c is.
func WorkVia(ctx context.Context, c querierstore.Claimer, pool *pgxpool.Pool, run func([]byte) error) error {
	j, err := c.Next(ctx, pool)
	if err != nil {
		return err
	}
	if err := c.MarkRunning(ctx, pool, j.ID); err != nil {
		return err
	}
	return run(j.Payload)
}
