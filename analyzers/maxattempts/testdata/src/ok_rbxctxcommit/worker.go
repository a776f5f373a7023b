// The worker runs its claim, its handler and its mark in the transaction
// another package's helper carries in the context; that helper commits
// whatever the function returns, so the handler's error rolls nothing
// back.
package ok_rbxctxcommit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_rbxctxcommit/store"
)

type runner interface {
	RunInTx(ctx context.Context, fn func(context.Context) error) error
}

type Worker struct {
	tx     runner
	db     *store.DB
	handle func(context.Context, []byte) error
}

func NewWorker(pool *pgxpool.Pool, handle func(context.Context, []byte) error) *Worker {
	db := store.New(pool)
	return &Worker{tx: db, db: db, handle: handle}
}

func (w *Worker) Next(ctx context.Context) error {
	return w.tx.RunInTx(ctx, func(ctx context.Context) error {
		var id int64
		var payload []byte
		if err := w.db.Conn(ctx).QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := w.handle(ctx, payload); err != nil {
			return err
		}
		_, err := w.db.Conn(ctx).Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}
