// Two polls on one table, any queue and one named queue: each needs an
// index of its own (run_at; queue, run_at), so each gets a finding.
package twopolls

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimNew(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func ClaimFrom(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND queue = $1 ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, queue).Scan(&id)
	return id, err
}
