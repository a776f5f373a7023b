// The seed: the claim moves the job to 'running' and writes no lease.
package seed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id) // want `this claim moves the job to 'running' and writes no lease deadline`
	return id, err
}
