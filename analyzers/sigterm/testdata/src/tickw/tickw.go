// Package tickw is a worker whose Tick claims one job and runs it: the
// loop is whoever calls Tick again and again (a runner, a scheduler).
package tickw

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ Pool *pgxpool.Pool }

func (w *Worker) Tick(ctx context.Context) error {
	var id int64
	err := w.Pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	if err != nil {
		return err
	}
	_, err = w.Pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (w *Worker) Process() { w.Tick(context.Background()) }

// Serve claims until Tick fails for good.
func (w *Worker) Serve() error {
	for {
		if err := w.Tick(context.Background()); err != nil {
			return err
		}
	}
}
