// The delay between retries grows with the attempt count, up to an hour:
// the cap compares the attempts, but nothing stops the retries, and a job
// that always fails runs every hour for ever.
package backoffcap

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrPermanent = errors.New("permanent")

type Job struct {
	ID       int64
	Attempts int
}

// backoff doubles the delay with each attempt, up to an hour.
func backoff(j Job) time.Duration {
	if j.Attempts > 12 {
		return time.Hour
	}
	return time.Second << j.Attempts
}

// retryable reports whether a failed job runs again: not after an error
// that retrying cannot fix.
func retryable(j Job, cause error) bool {
	if errors.Is(cause, ErrPermanent) {
		return false
	}
	log.Printf("job %d: retrying in %s", j.ID, backoff(j))
	return true
}

func claim(ctx context.Context, pool *pgxpool.Pool) (j Job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, j Job, cause error) error {
	if retryable(j, cause) {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + $2 * interval '1 second' WHERE id = $1`, j.ID, backoff(j).Seconds()) // want `this retry puts the job back with no limit`
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, j.ID)
	return err
}
