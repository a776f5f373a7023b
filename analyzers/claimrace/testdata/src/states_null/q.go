// NULL as the state: the SELECT finds an unlocked job, the UPDATE locks it
// by id without re-checking that it is still unlocked.
package states_null

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE locked_by IS NULL ORDER BY id LIMIT 1`).Scan(&id) // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET locked_by = $2, locked_at = now() WHERE id = $1`, id, worker)
	return id, err
}
