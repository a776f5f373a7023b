// A queue package with two implementations of its Queue: the archive's
// Nack drops a job, the PostgreSQL one's puts it back. The package's own
// worker holds the PostgreSQL queue only, so its unguarded Nack(true) is a
// retry with no limit; a call through a Queue that may hold either is
// judged by neither.
package nackselfnarrow

import (
	"context"
	"database/sql"
)

type Queue interface {
	Lease(ctx context.Context) (string, error)
	Nack(ctx context.Context, id string, requeue bool) error // want Nack:"retries\\(queue.go:31\\)"
}

type PostgresQueue struct{ db *sql.DB }

func (q *PostgresQueue) Lease(ctx context.Context) (id string, err error) {
	err = q.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (q *PostgresQueue) Nack(ctx context.Context, id string, requeue bool) error { // want Nack:"retries\\(queue.go:31\\)"
	status := "failed"
	if requeue {
		status = "pending"
	}
	_, err := q.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

type ArchiveQueue struct{ db *sql.DB }

func (q *ArchiveQueue) Lease(ctx context.Context) (id string, err error) {
	err = q.db.QueryRowContext(ctx, `SELECT id FROM archive LIMIT 1`).Scan(&id)
	return id, err
}

func (q *ArchiveQueue) Nack(ctx context.Context, id string, requeue bool) error { return nil }

type worker struct {
	queue Queue
	work  func(context.Context, string) error
}

// RunPostgres runs the worker on the PostgreSQL queue.
func RunPostgres(ctx context.Context, db *sql.DB, work func(context.Context, string) error) {
	w := &worker{queue: &PostgresQueue{db: db}, work: work}
	w.run(ctx)
}

func (w *worker) run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := w.queue.Lease(ctx)
		if err != nil {
			continue
		}
		if err := w.work(ctx, id); err != nil {
			_ = w.queue.Nack(ctx, id, true) // want `this call puts the job back with no limit`
		}
	}
}

// Drain takes a Queue its caller chooses: either implementation may run.
func Drain(ctx context.Context, q Queue) {
	id, err := q.Lease(ctx)
	if err != nil {
		return
	}
	_ = q.Nack(ctx, id, true)
}
