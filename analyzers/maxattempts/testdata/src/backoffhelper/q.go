// A retry that counts the attempt only to size its backoff, through a
// helper: nothing compares the count with a limit.
package backoffhelper

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) Next(ctx context.Context) (Job, error) {
	var j Job
	err := q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND available_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (q *Queue) Done(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func delay(attempts int) time.Duration {
	d := time.Second << attempts
	if d > time.Hour || d <= 0 {
		d = time.Hour
	}
	return d
}

func (q *Queue) Retry(ctx context.Context, j Job) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1, available_at = $2 WHERE id = $1`, j.ID, time.Now().Add(delay(j.Attempts))) // want `this retry puts the job back with no limit`
	return err
}

func Run(ctx context.Context, q *Queue, handle func(Job) error) error {
	for {
		j, err := q.Next(ctx)
		if err != nil {
			return err
		}
		if err := handle(j); err != nil {
			if err := q.Retry(ctx, j); err != nil {
				return err
			}
			continue
		}
		if err := q.Done(ctx, j.ID); err != nil {
			return err
		}
	}
}
