// The deferral of ok_defergivesback written as a retry: once the work has
// failed, it puts the job back and counts one more attempt, with no limit
// on that path, so a job that fails busy each time is put back for ever.
// A demotion before the work runs retries no failure (see beforeWork).
package defernogive

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempt int, err error) {
	err = pool.QueryRow(ctx, `UPDATE work SET state = 'leased', attempt = attempt + 1 WHERE id = (
		SELECT id FROM work WHERE state = 'ready' AND available_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempt`).Scan(&id, &attempt)
	return id, attempt, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE work SET state = CASE WHEN attempt >= $3 THEN 'dead' ELSE 'ready' END, last_error = $2
		WHERE id = $1 AND state = 'leased'`, id, cause, maxAttempts)
	return err
}

func deferJob(ctx context.Context, pool *pgxpool.Pool, id int64, until time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE work SET state = 'ready', available_at = $2, attempt = GREATEST(attempt + 1, 0) WHERE id = $1 AND state = 'leased'`, id, until) // want `this retry puts the job back with no limit`
	return err
}

// demote puts a job back behind the others before it runs: no failure of
// the work is retried, and it spends no attempt.
func demote(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE work SET state = 'ready', priority = priority - 1 WHERE id = $1 AND state = 'leased'`, id)
	return err
}

func done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE work SET state = 'done' WHERE id = $1 AND state = 'leased'`, id)
	return err
}

type Runner interface {
	Busy() bool
	Slow() bool
	Run(ctx context.Context, id int64) error
}

func Work(ctx context.Context, pool *pgxpool.Pool, r Runner) error { // want Work:`wired\(defernogive.Runner.Busy\(q.go:65\)\)`
	for {
		id, _, err := claim(ctx, pool)
		if err != nil {
			return err
		}
		if r.Slow() {
			if err := demote(ctx, pool, id); err != nil {
				return err
			}
			continue
		}
		if err := r.Run(ctx, id); err != nil {
			if r.Busy() {
				if err := deferJob(ctx, pool, id, time.Now().Add(time.Minute)); err != nil {
					return err
				}
				continue
			}
			if err := fail(ctx, pool, id, err.Error()); err != nil {
				return err
			}
			continue
		}
		if err := done(ctx, pool, id); err != nil {
			return err
		}
	}
}
