// Package svcoutbox is an outbox worker whose StartWorker claims entries
// in a loop until its context ends.
package svcoutbox

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Worker struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Worker { return &Worker{pool: pool} }

func (w *Worker) StartWorker(ctx context.Context) {
	for ctx.Err() == nil {
		var id int64
		err := w.pool.QueryRow(ctx, `UPDATE outbox SET status = 'sending' WHERE id = (
			SELECT id FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		_, _ = w.pool.Exec(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1`, id)
	}
}
