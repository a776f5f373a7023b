package fatallease

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A queue whose leases are reclaimed: the advice may count on the lease.
type W struct{ pool *pgxpool.Pool }

func (w *W) Claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *W) Reclaim(ctx context.Context) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func (w *W) Finish(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func handle(ctx context.Context, id int64) error { return nil }

func (w *W) runOne(ctx context.Context, id int64) {
	if err := handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here\n.*log it and go on \(the lease returns the job\), or retry the write$`
		log.Fatalf("finish: %v", err)
	}
}
