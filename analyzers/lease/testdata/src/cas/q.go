// A compare-and-set claim by id, without a lease.
package cas

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id) // want `writes no lease deadline`
	return tag.RowsAffected() == 1, err
}

func Ready(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10`)
	return err
}
