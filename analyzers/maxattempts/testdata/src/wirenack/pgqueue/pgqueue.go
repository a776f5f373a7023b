// Package pgqueue implements the queue on PostgreSQL. Its Nack puts the
// job back on every path; whether that is right is its callers' call.
package pgqueue

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wirenack/queue"
)

type Queue struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Queue { return &Queue{pool: pool} }

func (q *Queue) Dequeue(ctx context.Context) (j queue.Job, err error) {
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (q *Queue) Ack(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (q *Queue) Nack(ctx context.Context, id int64) error { // want Nack:"retries\\(pgqueue.go:29\\)"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
