// A queue package whose consumer puts every failed job back through the
// package's own Queue interface: Nack(requeue=true) sets the job pending
// again, and no attempt is counted or compared, so a job that always
// fails runs for ever.
package nackself

import (
	"context"
	"database/sql"
)

type Queue interface {
	Lease(ctx context.Context) (string, error)
	Ack(ctx context.Context, id string) error
	Nack(ctx context.Context, id string, requeue bool) error // want Nack:"retries\\(queue.go:38\\)"
}

type PostgresQueue struct{ db *sql.DB }

func NewPostgresQueue(db *sql.DB) *PostgresQueue { return &PostgresQueue{db: db} }

func (q *PostgresQueue) Lease(ctx context.Context) (id string, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (q *PostgresQueue) Ack(ctx context.Context, id string) error {
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id)
	return err
}

func (q *PostgresQueue) Nack(ctx context.Context, id string, requeue bool) error { // want Nack:"retries\\(queue.go:38\\)"
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
		id, err := c.queue.Lease(ctx)
		if err != nil {
			continue
		}
		if c.handler == nil {
			_ = c.queue.Nack(ctx, id, false) // nothing can run it: ended
			continue
		}
		if err := c.handler(ctx, id); err != nil {
			_ = c.queue.Nack(ctx, id, true) // want `this call puts the job back with no limit`
			continue
		}
		_ = c.queue.Ack(ctx, id)
	}
}
