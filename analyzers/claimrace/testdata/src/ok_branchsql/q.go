// A claim in one statement, assembled in two branches: both lock what
// they take.
package ok_branchsql

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, kind string) (id int64, err error) {
	filter := `status = 'queued'`
	if kind != "" {
		filter += ` AND kind = $1`
	} else {
		filter += ` AND $1::text IS NULL`
	}
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE `+filter+` ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, kind).Scan(&id)
	return id, err
}
