// The job's id is the caller's idempotency key and a repeated enqueue is
// dropped: one row per job still, and done jobs stay. The poll walks them.
package upsert_nothing

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, key, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (id, kind) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, key, kind)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id string, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
