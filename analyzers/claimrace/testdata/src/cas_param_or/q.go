// The same compare-and-set through an OR with a parameter, its row count
// ignored: the worker that lost runs the job anyway.
package cas_param_or

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queued string) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND (status = $2 OR status = 'retry')`, id, queued) // want `compare-and-set claim`
	return id, err
}
