// A retry by id alone re-queues a job another worker finished after
// this one's lease ran out (River #1302's shape).
package retry

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', lock_token = gen_random_uuid(), locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', last_error = $2, run_at = now() + interval '1 minute' WHERE id = $1`, id, cause) // want `sets status to 'queued' by key without re-checking`
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
