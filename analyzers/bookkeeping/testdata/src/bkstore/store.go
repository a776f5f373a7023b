// Package bkstore is a job store in a package of its own: what its methods
// do to jobs reaches the workers that import it through facts.
package bkstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type W struct{ pool *pgxpool.Pool }

func (w *W) Claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *W) Finish(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (w *W) Retry(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id)
	return err
}

func (w *W) Fail(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func Handle(ctx context.Context, id int64) error { return nil }
