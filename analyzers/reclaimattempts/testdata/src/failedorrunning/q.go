// The same sweep, also taking running jobs whose retry time passed: those
// are claimed jobs taken back, and neither the sweep nor the claim counts
// them.
package failedorrunning

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
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE status IN ('failed', 'running') AND next_retry_at <= now()`) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}
