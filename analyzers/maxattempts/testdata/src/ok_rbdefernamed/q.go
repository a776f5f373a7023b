// The same deferred closure, but a failure of the handler is recorded in
// the transaction (the attempt counted, the error kept, the job failed at
// the limit) and the function returns that statement's error: nil, so the
// deferred code commits what it recorded.
package ok_rbdefernamed

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
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
	defer func() {
		if err != nil {
			_ = tx.Rollback(ctx)
			return
		}
		err = tx.Commit(ctx)
	}()
	var id int64
	var payload []byte
	if err = tx.QueryRow(ctx, `SELECT id, payload FROM tasks WHERE done = false AND failed = false ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	if herr := w.h.Handle(ctx, payload); herr != nil {
		_, err = tx.Exec(ctx, `UPDATE tasks SET attempts = attempts + 1, last_error = $2, failed = (attempts + 1 >= 5) WHERE id = $1`, id, herr.Error())
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE tasks SET done = true WHERE id = $1`, id)
	return err
}
