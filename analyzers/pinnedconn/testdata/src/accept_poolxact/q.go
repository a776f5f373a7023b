// A transaction-level lock taken on the pool inside the one statement it
// serialises: the statement's own transaction releases it when the
// statement ends, so nothing stays on the pooled connection.
package accept_poolxact

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Bump(ctx context.Context, pool *pgxpool.Pool, key int64) error {
	_, err := pool.Exec(ctx, `WITH l AS (SELECT pg_advisory_xact_lock($1))
		UPDATE counters SET n = n + 1 FROM l WHERE counters.key = $1`, key)
	return err
}
