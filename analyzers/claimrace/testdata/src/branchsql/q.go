// The seed's race with the poll assembled in two branches: either way an
// unlocked SELECT, then an UPDATE by id. Reported once.
package branchsql

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, kind string) (int64, error) {
	q := `SELECT id FROM jobs WHERE status = 'queued'`
	if kind != "" {
		q += ` AND kind = $1`
	} else {
		q += ` AND $1::text IS NULL`
	}
	q += ` ORDER BY run_at LIMIT 1`
	var id int64
	err := pool.QueryRow(ctx, q, kind).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
