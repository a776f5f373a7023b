// The work and its completion share one transaction: if the completion
// fails, the work rolls back with it, and running the job again is right.
package ok_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type W struct{ pool *pgxpool.Pool }

func (w *W) claim(ctx context.Context) (id int64, err error) {
	err = w.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (w *W) retry(ctx context.Context, id int64) error {
	_, err := w.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id)
	return err
}

func (w *W) work(ctx context.Context, id int64) error {
	return pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO emails (job_id) VALUES ($1)`, id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}

func (w *W) runOne(ctx context.Context, id int64) {
	if err := w.work(ctx, id); err != nil {
		w.retry(ctx, id)
	}
}
