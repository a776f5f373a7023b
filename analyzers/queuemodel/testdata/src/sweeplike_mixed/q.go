package sweeplike_mixed // want package:"queues\\(public.jobs\\)"

// The next job's key, locked: it starts running unless its deadline
// passed, when it is marked expired instead. One way hands a job to work:
// a claim, not a sweep.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, bool, error) { // want Claim:"claims jobs"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, false, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND deadline > now()`, id)
	if err != nil {
		return 0, false, err
	}
	if tag.RowsAffected() == 0 {
		if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'expired' WHERE id = $1`, id); err != nil {
			return 0, false, err
		}
		return id, false, tx.Commit(ctx)
	}
	return id, true, tx.Commit(ctx)
}
