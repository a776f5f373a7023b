// A compare-and-set that re-checks two runnable states as an OR, and
// ignores whether it matched.
package cas_or

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' OR status = 'retry' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND (status = 'queued' OR status = 'retry')`, id) // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
	return id, err
}
