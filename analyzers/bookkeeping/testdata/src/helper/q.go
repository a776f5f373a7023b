package helper

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	_ = log.Print
	_ = os.Exit
	_ = time.Sleep
)

type W struct{ pool *pgxpool.Pool }

func (w *W) claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *W) finish(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (w *W) retry(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id)
	return err
}

func (w *W) fail(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func handle(ctx context.Context, id int64) error { return nil }

// A helper runs the job and records it; its error triggers the retry.
func (w *W) process(ctx context.Context, id int64) error {
	if err := handle(ctx, id); err != nil {
		return err
	}
	return w.finish(ctx, id)
}

func (w *W) runOne(ctx context.Context, id int64) {
	if err := w.process(ctx, id); err != nil { // want `the error of this completion takes the failure path`
		w.retry(ctx, id)
	}
}
