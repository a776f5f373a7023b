// The error branch waits on the context, but returns the write's error
// once the pause is over: the worker stops on it.
package ctxwaitreturn

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *Worker) Run(ctx context.Context) error {
	for {
		id, err := w.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if handle(ctx, id) != nil {
			continue
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
				return err
			}
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET finished_at = now(), status = 'done' WHERE id = $1`, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			if ctx.Err() != nil {
				return ctx.Err()
			} else {
				return err
			}
		}
	}
}
