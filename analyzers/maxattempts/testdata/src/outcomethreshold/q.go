// A helper that caps the backoff by the attempt count, its result compared
// with a threshold: either side retries, sooner or later, for ever. Only
// an outcome the helper returns, tested for equality, is a decision.
package outcomethreshold

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxBackoffAttempts = 10

func backoff(attempts int) time.Duration {
	if attempts > maxBackoffAttempts {
		attempts = maxBackoffAttempts
	}
	return time.Duration(1<<attempts) * time.Second
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, err error) error {
	if err == nil {
		_, err = pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	}
	if backoff(attempts) < time.Minute {
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	}
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		finish(ctx, pool, id, attempts, handle(id))
	}
}
