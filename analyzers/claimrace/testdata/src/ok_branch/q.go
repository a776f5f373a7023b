// The poll is assembled under a branch: which SQL runs depends on the
// call, so the tool reads neither half and says nothing.
package ok_branch

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, kind string) (int64, error) {
	q := `SELECT id FROM jobs WHERE status = 'queued'`
	if kind != "" {
		q += ` AND kind = $1`
	}
	q += ` ORDER BY run_at LIMIT 1`
	var id int64
	if err := pool.QueryRow(ctx, q, kind).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
