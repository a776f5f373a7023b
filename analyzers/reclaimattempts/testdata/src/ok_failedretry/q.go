// Failed jobs wait for next_retry_at, then a sweep puts them back while
// they have retries left: that is the retry's schedule, not a lease. No
// claimed job is taken back, so no attempt is missing.
package ok_failedretry

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', retry_count = retry_count + 1, next_retry_at = now() + interval '1 minute' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func RequeueRetryable(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'failed' AND next_retry_at <= now() AND retry_count < max_retries`)
	return err
}
