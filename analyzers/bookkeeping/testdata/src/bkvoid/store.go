// Package bkvoid is a job store whose writes return nothing: what they do
// with their errors is their own business, not their callers'.
package bkvoid

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type W struct{ pool *pgxpool.Pool }

func (w *W) Claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *W) Finish(ctx context.Context, id int64) {
	if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		log.Printf("finish job %d: %v", id, err)
	}
}

func Handle(ctx context.Context, id int64) error { return nil }
