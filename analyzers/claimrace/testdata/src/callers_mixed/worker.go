// One caller serialises the claim, the other does not: the finding is at
// the one that does not.
package callers_mixed

import (
	"context"

	"github.com/jackc/pgx/v5"

	"callersdb"
)

func ClaimLocked(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	qtx := q.WithTx(tx)
	if err := qtx.LockQueue(ctx, queue); err != nil {
		return 0, err
	}
	return qtx.ClaimNext(ctx, queue)
}

func ClaimBatch(ctx context.Context, tx pgx.Tx, q *callersdb.Queries, queue string) (int64, error) {
	return q.WithTx(tx).ClaimNext(ctx, queue) // want `this call runs the claim of callersdb.\(\*Queries\).ClaimNext`
}
