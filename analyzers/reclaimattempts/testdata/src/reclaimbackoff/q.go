// The reclaim backs a job off longer the more attempts it spent, but a
// backoff is not a limit: the state never becomes failed, and a job that
// kills its worker comes back for ever, only more slowly.
package reclaimbackoff

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

const reclaim = `UPDATE jobs SET status = 'queued', locked_until = NULL,
	run_at = now() + CASE WHEN attempts < 3 THEN interval '10 seconds' ELSE interval '10 minutes' END
	WHERE status = 'running' AND locked_until < now()`

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, reclaim) // want `and counts their attempts, but never compares them with a limit\nno statement or decision compares the count with a limit, so`
	return err
}
