package sweeplike_work // want package:"queues\\(public.jobs\\)"

// A worker that claims a job's key in its transaction, works it, and
// records the outcome (failed or done) there: a call that may fail runs
// between the claim and the outcome, so it is a queue, not a sweep.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Work(ctx context.Context, pool *pgxpool.Pool, run func(context.Context, int64) error) error { // want Work:"claims jobs, fails jobs"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := run(ctx, id); err != nil {
		if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
