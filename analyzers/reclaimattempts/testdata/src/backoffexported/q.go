// A backoff exported for callers out of sight sets a floor and loops up
// to the attempt: neither is a limit. The only limit is the failure
// record's: the reclaim puts back a job that kills its worker for ever.
package backoffexported

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Backoff(attempt int) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	d := time.Second
	for i := 1; i < attempt && d < time.Hour; i++ {
		d *= 2
	}
	return d
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64, wait time.Duration) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END, locked_until = NULL, run_at = now() + $2::interval
		WHERE id = $1 AND status = 'running'`, id, wait.String())
	return err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `this reclaim puts back jobs whose lease expired, and only the failure path compares attempts`
	return err
}
