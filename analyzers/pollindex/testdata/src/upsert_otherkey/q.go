// An enqueue replaces the waiting job of the same dedup key, but the
// table's rows are jobs (keyed by id): done jobs stay, and the poll walks them.
package upsert_otherkey

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, key, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (id, kind) VALUES ($1, $2) ON CONFLICT (dedup_key) DO UPDATE SET run_at = excluded.run_at`, key, kind)
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
