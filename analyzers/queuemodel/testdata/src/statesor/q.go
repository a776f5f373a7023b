package statesor // want package:"queues\\(public.jobs\\)"

// Runnable jobs are in one of two states, written every way PostgreSQL
// allows; the claim takes back a running job whose lease has passed.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Q struct{ pool *pgxpool.Pool }

func (q *Q) Add(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `INSERT INTO jobs (status) VALUES ('queued')`)
	return err
}

func (q *Q) Take(ctx context.Context) (id int64, err error) { // want Take:"claims jobs"
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs
		            WHERE status = 'queued' OR status = 'retry' OR (status = 'running' AND locked_until < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Q) Count(ctx context.Context) (n int, err error) {
	err = q.pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE status = ANY('{queued,retry}')`).Scan(&n)
	return n, err
}

func (q *Q) Retry(ctx context.Context, id int64) error { // want Retry:"fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'retry' WHERE id = $1`, id)
	return err
}

func (q *Q) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}
