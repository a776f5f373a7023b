// NULL as the state, claimed by compare-and-set: the UPDATE matches only
// while the job is unlocked, and the row count decides.
package ok_nullcas

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (int64, bool, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE locked_by IS NULL ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := pool.Exec(ctx, `UPDATE jobs SET locked_by = $2 WHERE id = $1 AND locked_by IS NULL`, id, worker)
	if err != nil {
		return 0, false, err
	}
	return id, tag.RowsAffected() == 1, nil
}
