// The module's migrations define jobs with a state column; this poll names
// status, a column that table lacks: it was written for another database's
// jobs table (a test's own, or an older schema), so the migrations' indexes
// say nothing about it.
package accept_otherschema

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
