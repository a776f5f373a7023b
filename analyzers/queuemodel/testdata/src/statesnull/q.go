package statesnull // want package:"queues\\(public.jobs\\)"

// NULL as the state: a job is runnable while locked_at is NULL, a claim
// sets it, a retry or a reclaim clears it; done_at records success.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Q struct{ pool *pgxpool.Pool }

func (q *Q) Add(ctx context.Context, payload []byte) error {
	_, err := q.pool.Exec(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}

func (q *Q) Take(ctx context.Context) (id int64, err error) { // want Take:"claims jobs"
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now(), attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL AND done_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Q) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET done_at = now(), locked_at = NULL WHERE id = $1`, id)
	return err
}

func (q *Q) Retry(ctx context.Context, id int64, msg string) error { // want Retry:"fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL, last_error = $2 WHERE id = $1`, id, msg)
	return err
}

func (q *Q) Reclaim(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL WHERE locked_at < now() - interval '5 minutes' AND done_at IS NULL`)
	return err
}
