// The seed: an unlocked SELECT of the next job, then an UPDATE by id.
package seed

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
