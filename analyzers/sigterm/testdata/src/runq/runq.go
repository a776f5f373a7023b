// Package runq is a queue whose constructors return its Queue interface:
// Open a PostgreSQL queue whose Work claims jobs in a loop, NewMemory an
// in-process queue (for tests and single-binary setups) that claims
// nothing from PostgreSQL.
package runq

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue interface {
	Work(ctx context.Context) error
}

type pgQueue struct{ pool *pgxpool.Pool }

func Open(pool *pgxpool.Pool) Queue { return &pgQueue{pool: pool} }

func (q *pgQueue) Work(ctx context.Context) error {
	for ctx.Err() == nil {
		var id int64
		err := q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
			WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
			RETURNING id`).Scan(&id)
		if err != nil {
			continue
		}
		q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	}
	return nil
}

type memQueue struct{ jobs chan func() }

func NewMemory() Queue { return &memQueue{jobs: make(chan func())} }

func (q *memQueue) Work(ctx context.Context) error {
	for {
		select {
		case run := <-q.jobs:
			run()
		case <-ctx.Done():
			return nil
		}
	}
}
