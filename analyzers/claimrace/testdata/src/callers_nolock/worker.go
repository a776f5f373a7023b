// callersdb's unlocked claim run with nothing before it: two workers pick
// the same job, in a transaction or not.
package callers_nolock

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"callersdb"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (int64, error) {
	return callersdb.New(pool).ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext \(db.go:\d+\) with no advisory lock taken before it\nnothing before it takes a transaction-scoped advisory lock on callersdb.New\(pool\) .*the subquery picks the next job without locking it`
}

func ClaimInTx(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queueID int64) error {
	return q.ClaimNextOn(ctx, tx, callersdb.ClaimNextOnParams{QueueID: queueID, Max: 10}) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNextOn`
}

// Through the Querier interface.
func ClaimVia(ctx context.Context, q callersdb.Querier, queue string) (int64, error) {
	return q.ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}
