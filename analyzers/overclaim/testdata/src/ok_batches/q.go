// Batches that reclaim expired leases and purge finished jobs: the LIMIT
// only keeps each transaction short, and a statement that takes more rows
// takes rows the next batch would have taken.
package ok_batches

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (status, payload) VALUES ('queued', $1)`, payload)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL
		WHERE id IN (SELECT id FROM jobs WHERE status = 'running' AND locked_until < now() LIMIT 500 FOR UPDATE SKIP LOCKED)`)
	return err
}

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs
		WHERE id IN (SELECT id FROM jobs WHERE status = 'done' ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED)`)
	return err
}
