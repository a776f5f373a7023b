// A table with no primary key, upserted on an expression: nothing says the
// code names one row per key, and done jobs stay. The poll walks them.
package upsert_nokey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, key, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (key, kind) VALUES ($1, $2) ON CONFLICT (lower(key)) DO UPDATE SET kind = excluded.kind`, key, kind)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (key string, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE key = (SELECT key FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING key`).Scan(&key)
	return key, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE key = $1`, key)
	return err
}
