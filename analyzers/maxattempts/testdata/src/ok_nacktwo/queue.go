// Two implementations of the package's Queue retry under different
// conditions: the backlog queue always puts a job back, the PostgreSQL
// queue as its caller's bool says. The consumer, which may hold either,
// passes a bool that compares the attempts: what the call does depends on
// which queue runs, so it is judged by neither.
package ok_nacktwo

import (
	"context"
	"database/sql"
)

const maxAttempts = 5

type Queue interface {
	Lease(ctx context.Context) (string, int, error)
	Nack(ctx context.Context, id string, requeue bool) error // want Nack:"retries\\(queue.go:27\\); retries\\(queue.go:48\\)"
}

type BacklogQueue struct{ db *sql.DB }

func (q *BacklogQueue) Lease(ctx context.Context) (id string, attempts int, err error) {
	return q.lease(ctx)
}

func (q *BacklogQueue) Nack(ctx context.Context, id string, requeue bool) error { // want Nack:"retries\\(queue.go:27\\)"
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id)
	return err
}

func (q *BacklogQueue) lease(ctx context.Context) (id string, attempts int, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

type PostgresQueue struct{ r BacklogQueue }

func (q *PostgresQueue) Lease(ctx context.Context) (id string, attempts int, err error) {
	return q.r.lease(ctx)
}

func (q *PostgresQueue) Nack(ctx context.Context, id string, requeue bool) error { // want Nack:"retries\\(queue.go:48\\)"
	status := "failed"
	if requeue {
		status = "pending"
	}
	_, err := q.r.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

func Consume(ctx context.Context, q Queue, handle func(string) error) { // want Consume:`wired\(ok_nacktwo.Queue.Nack\(queue.go:59\)\)`
	for ctx.Err() == nil {
		id, attempts, err := q.Lease(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			_ = q.Nack(ctx, id, attempts < maxAttempts)
		}
	}
}
