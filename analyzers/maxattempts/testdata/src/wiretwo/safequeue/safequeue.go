// Package safequeue's Nack decides in its SQL: a job whose attempts ran
// out is failed, not requeued.
package safequeue

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"wiretwo/queue"
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

func (q *Queue) Nack(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id)
	return err
}
