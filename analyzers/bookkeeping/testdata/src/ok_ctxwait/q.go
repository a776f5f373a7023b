// A failed outcome write is logged; the loop waits before the next tick
// and returns only when its context ends (the worker was told to stop).
package ok_ctxwait

import (
	"context"
	"log"
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

func (w *Worker) process(ctx context.Context, id int64) error {
	if err := handle(ctx, id); err != nil {
		_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1 WHERE id = $1`, id)
		return err
	}
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (w *Worker) Run(ctx context.Context) error {
	for {
		id, err := w.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := w.process(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
	}
}

// RunTicks checks the context after a failure instead.
func (w *Worker) RunTicks(ctx context.Context) error {
	for {
		id, err := w.claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := w.process(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			if ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
}
