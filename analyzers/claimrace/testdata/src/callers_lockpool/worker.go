// A transaction-scoped lock taken on the pool is released when its
// statement commits, before the claim runs.
package callers_lockpool

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"callersdb"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (int64, error) {
	q := callersdb.New(pool)
	if err := q.LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return q.ClaimNext(ctx, queue) // want `with an advisory lock released at once\nthe advisory lock taken before it is released at once: q is not a transaction`
}
