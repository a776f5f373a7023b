package statesnotin // want package:"queues\\(public.jobs\\)"

// The poll names the states it skips; the CHECK constraint lists them all.
// A running job is polled again only when its lease has passed.

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
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status NOT IN ('done', 'failed') AND (locked_until IS NULL OR locked_until < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (q *Q) Done(ctx context.Context, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (q *Q) Fail(ctx context.Context, id int64) error { // want Fail:"fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

// Purge deletes every job but the running ones: a poll's shape, not a claim.
func (q *Q) Purge(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, `WITH doomed AS (
		  SELECT id FROM jobs WHERE status <> 'running' ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED
		), gone AS (
		  DELETE FROM jobs WHERE id IN (SELECT id FROM doomed) RETURNING id
		)
		SELECT count(*) FROM gone`)
	return err
}
