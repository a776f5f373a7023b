// The same queue package, whose consumer ends a job once its attempts
// ran out and requeues it otherwise, through the bool it passes.
package ok_nackself

import (
	"context"
	"database/sql"
)

const maxAttempts = 5

type Queue interface {
	Lease(ctx context.Context) (string, int, error)
	Ack(ctx context.Context, id string) error
	Nack(ctx context.Context, id string, requeue bool) error // want Nack:"retries\\(queue.go:36\\)"
}

type PostgresQueue struct{ db *sql.DB }

func (q *PostgresQueue) Lease(ctx context.Context) (id string, attempts int, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (q *PostgresQueue) Ack(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id)
	return err
}

func (q *PostgresQueue) Nack(ctx context.Context, id string, requeue bool) error { // want Nack:"retries\\(queue.go:36\\)"
	status := "failed"
	if requeue {
		status = "pending"
	}
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

type Consumer struct {
	queue   Queue
	handler func(context.Context, string) error
}

func NewConsumer(q Queue, h func(context.Context, string) error) *Consumer {
	return &Consumer{queue: q, handler: h}
}

func (c *Consumer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, attempts, err := c.queue.Lease(ctx)
		if err != nil {
			continue
		}
		if err := c.handler(ctx, id); err != nil {
			_ = c.queue.Nack(ctx, id, attempts < maxAttempts)
			continue
		}
		_ = c.queue.Ack(ctx, id)
	}
}
