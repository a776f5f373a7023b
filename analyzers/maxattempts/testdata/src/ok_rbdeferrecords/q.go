// The deferred code ends the transaction by the named error, but on an
// error it first records the failure in the transaction (the attempt
// counted, the task failed at the limit) and commits it; it rolls back
// only when that record cannot be written.
package ok_rbdeferrecords

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler interface {
	Handle(ctx context.Context, payload []byte) error
}

type Worker struct {
	pool *pgxpool.Pool
	h    Handler
}

func (w *Worker) process(ctx context.Context) (err error) {
	tx, err := w.pool.Begin(ctx)
	if err != nil {
		return err
	}
	var id int64
	defer func() {
		if err != nil {
			if _, xerr := tx.Exec(ctx, `UPDATE tasks SET attempts = attempts + 1, failed = (attempts + 1 >= 5) WHERE id = $1`, id); xerr != nil {
				_ = tx.Rollback(ctx)
				return
			}
			_ = tx.Commit(ctx)
			return
		}
		err = tx.Commit(ctx)
	}()
	var payload []byte
	if err = tx.QueryRow(ctx, `SELECT id, payload FROM tasks WHERE done = false AND failed = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	if err = w.h.Handle(ctx, payload); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE tasks SET done = true WHERE id = $1`, id)
	return err
}
