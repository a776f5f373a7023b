// A retry that counts the attempt only to size its backoff, kept in a
// field of the worker's policy: the cap bounds the delay, not the retries.
package backofffield

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

type Policy struct {
	Base     time.Duration
	MaxDelay time.Duration
}

type Worker struct {
	pool   *pgxpool.Pool
	policy Policy
}

func (w *Worker) next(ctx context.Context) (Job, error) {
	var j Job
	err := w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND available_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (w *Worker) fail(ctx context.Context, j Job) error {
	wait := w.policy.Base * time.Duration(1<<min(j.Attempts, 16))
	if wait > w.policy.MaxDelay {
		wait = w.policy.MaxDelay
	}
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1, available_at = now() + $2::interval WHERE id = $1`, j.ID, wait) // want `this retry puts the job back with no limit`
	return err
}

func (w *Worker) Run(ctx context.Context, handle func(Job) error) error {
	for ctx.Err() == nil {
		j, err := w.next(ctx)
		if err != nil {
			return err
		}
		if err := handle(j); err != nil {
			if err := w.fail(ctx, j); err != nil {
				return err
			}
			continue
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, j.ID); err != nil {
			return err
		}
	}
	return ctx.Err()
}
