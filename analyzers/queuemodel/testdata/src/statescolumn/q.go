package statescolumn // want package:"queues\\(public.jobs\\)"

// Two filtered columns that UPDATEs write: queue (jobs move between
// queues) and status. Enqueue gives status its state; queue comes from the
// caller.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Q struct{ pool *pgxpool.Pool }

func (q *Q) Add(ctx context.Context, queue string) error {
	_, err := q.pool.Exec(ctx, `INSERT INTO jobs (queue, status) VALUES ($1, 'queued')`, queue)
	return err
}

func (q *Q) Next(ctx context.Context) (id int64, err error) { // want Next:"claims jobs"
	err = q.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = 'default' AND status = 'queued' ORDER BY id LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = q.pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func (q *Q) Move(ctx context.Context, id int64, queue string) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET queue = $2 WHERE id = $1`, id, queue)
	return err
}

func (q *Q) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
