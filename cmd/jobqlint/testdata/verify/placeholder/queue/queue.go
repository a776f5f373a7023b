// Package queue keeps jobs in a table whose name the caller chooses.
package queue

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Queue is a job queue in one table.
type Queue struct {
	pool  *pgxpool.Pool
	table string
}

// New returns a queue on the named table.
func New(pool *pgxpool.Pool, table string) *Queue { return &Queue{pool: pool, table: table} }

// Migrate creates the queue's table.
func (q *Queue) Migrate(ctx context.Context) error {
	_, err := q.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (
		id      bigint    GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		status  text      NOT NULL DEFAULT 'queued',
		run_at  timestamp NOT NULL DEFAULT now(),
		payload jsonb     NOT NULL
	)`, q.table))
	return err
}

// Enqueue adds a job.
func (q *Queue) Enqueue(ctx context.Context, payload []byte) error {
	_, err := q.pool.Exec(ctx, fmt.Sprintf(`INSERT INTO %s (payload) VALUES ($1)`, q.table), payload)
	return err
}

// Claim takes the oldest runnable job.
func (q *Queue) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := q.pool.QueryRow(ctx, fmt.Sprintf(`SELECT id FROM %s WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`, q.table)).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = q.pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET status = 'running' WHERE id = $1`, q.table), id)
	return id, err
}

// Done records a job's success.
func (q *Queue) Done(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, fmt.Sprintf(`UPDATE %s SET status = 'done' WHERE id = $1`, q.table), id)
	return err
}
