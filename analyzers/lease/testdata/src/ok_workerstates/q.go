// Two claims record the worker, one for new jobs and one for retries, each
// with its own in-progress state; the reclaimer takes back the jobs of
// workers not seen for a minute in either state.
package ok_workerstates

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func ClaimRetry(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'retrying', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'retry_pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func ReclaimDead(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL
		WHERE status IN ('running', 'retrying') AND worker_id IN (SELECT id FROM workers WHERE last_seen < now() - interval '1 minute')`)
	return err
}
