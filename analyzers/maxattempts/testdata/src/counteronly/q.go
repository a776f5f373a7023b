// The attempts are counted, and used for the backoff, but compared with no
// limit: the job is retried for ever, more and more slowly.
package counteronly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + CASE WHEN attempts < 3 THEN interval '1 minute' ELSE interval '1 hour' END WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}

type job struct {
	ID      int64
	Retries int
}

func retryable(err error) bool { return err != nil }

func again(ctx context.Context, pool *pgxpool.Pool, j *job, cause error) error {
	j.Retries++
	if retryable(cause) {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '1 minute' WHERE id = $1`, j.ID) // want `this retry puts the job back with no limit`
		return err
	}
	return nil
}
