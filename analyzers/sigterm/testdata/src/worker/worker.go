// A worker library: Run claims in a loop (known to importers by a fact).
package worker

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ Pool *pgxpool.Pool }

func (w *Worker) claim(ctx context.Context) (id int64, err error) { // want claim:"claims jobs"
	err = pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, `DELETE FROM jobs WHERE id = (
			SELECT id FROM jobs ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	})
	return id, err
}

func (w *Worker) Run(ctx context.Context) error { // want Run:"claims jobs in a loop"
	for ctx.Err() == nil {
		if _, err := w.claim(ctx); err != nil {
			time.Sleep(time.Second)
		}
	}
	return nil
}

func (w *Worker) Claim(ctx context.Context) (int64, error) { return w.claim(ctx) } // want Claim:"claims jobs"
