// Compare-and-set, and the row count decides.
package ok_cas_count

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, bool, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	if err != nil {
		return 0, false, err
	}
	if tag.RowsAffected() != 1 {
		return 0, false, nil // another worker won
	}
	return id, true, nil
}
