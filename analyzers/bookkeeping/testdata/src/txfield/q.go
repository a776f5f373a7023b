// The claim and the completion run on a transaction held in a field of
// the worker: the early return before its Commit rolls the completion back.
package txfield

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

func notify(ctx context.Context, id int64) error { return nil }

type worker struct {
	pool *pgxpool.Pool
	tx   pgx.Tx
}

func (w *worker) work(ctx context.Context) error {
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
	if ctx.Err() != nil {
		return ctx.Err() // want `returns before Commit`
	}
	if err := notify(ctx, id); err != nil {
		return err // want `returns before Commit`
	}
	return w.tx.Commit(ctx)
}
