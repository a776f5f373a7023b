// Two schemas, as an application generated with sqlc often has: the goose
// migrations the database runs, and the snapshot sqlc.yaml points sqlc at,
// which lags behind them (it lacks the index migration 2 adds). The
// migrations are the final schema: the poll is served.
package accept_sqlc_lagging

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
