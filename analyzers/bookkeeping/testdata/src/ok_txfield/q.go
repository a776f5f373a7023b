// The transaction is held in a field of the worker, and committed on
// every path after the completion.
package ok_txfield

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

type worker struct {
	pool *pgxpool.Pool
	tx   pgx.Tx
}

func (w *worker) work(ctx context.Context, notify bool) error {
	var err error
	w.tx, err = w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer w.tx.Rollback(ctx)
	var id int64
	if err := w.tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	if _, err := w.tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	if notify {
		if err := w.tx.Commit(ctx); err != nil {
			return err
		}
		println("done", id)
		return nil
	}
	return w.tx.Commit(ctx)
}
