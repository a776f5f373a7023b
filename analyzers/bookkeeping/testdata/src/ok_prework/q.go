// The claim takes the job, then the worker marks it running by key before
// anything runs. A failure of that mark ends the worker with a job that
// has done nothing: it is reclaimed and runs once, as if the claim itself
// had failed. The outcome written after the work is logged.
package ok_prework

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

type Worker struct{ pool *pgxpool.Pool }

func (w *Worker) claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'claimed', locked_until = now() + interval '5 minutes' WHERE id = (
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
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'running', started_at = now() WHERE id = $1`, id); err != nil {
			return err
		}
		if err := handle(ctx, id); err != nil {
			if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id); err != nil {
				log.Printf("retry %d: %v", id, err)
			}
			continue
		}
		if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			log.Printf("done %d: %v", id, err)
		}
	}
}
