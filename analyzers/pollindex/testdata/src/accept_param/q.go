// The state is a parameter: whether the partial index applies depends on its
// value, which the tool cannot see. It gives the benefit of the doubt.
package accept_param

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, state string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = $1 ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, state).Scan(&id)
	return id, err
}
