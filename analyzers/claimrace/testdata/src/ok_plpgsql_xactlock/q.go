// A PL/pgSQL claim whose two steps run under a transaction-scoped advisory
// lock on the queue, taken first on every path.
package ok_plpgsql_xactlock

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT claim_job($1)`, queue).Scan(&id)
	return id, err
}
