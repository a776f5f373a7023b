// The exported Run is the worker itself: it decides to retry, and nothing
// it calls or that calls it stops the retries.
package exportedrun

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct {
	pool   *pgxpool.Pool
	handle func(ctx context.Context, id int64) error
}

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		id, _, err := claim(ctx, w.pool)
		if err != nil {
			return err
		}
		if err := w.handle(ctx, id); err != nil {
			if err := w.retry(ctx, id); err != nil {
				return err
			}
		}
	}
	return ctx.Err()
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (w *Worker) retry(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
