// FOR UPDATE on the pool: the lock ends with the SELECT's own implicit
// transaction, so the compare-and-set may match nothing, and nobody looks.
package cas_locked_pool

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id) // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
	return id, err
}
