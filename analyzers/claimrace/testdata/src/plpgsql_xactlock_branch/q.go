// PL/pgSQL claims in two unlocked steps whose advisory lock does not
// serialise them on every call.
package plpgsql_xactlock_branch

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimInBranch(ctx context.Context, pool *pgxpool.Pool, queue *string) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT claim_in_branch($1)`, queue).Scan(&id)
	return id, err
}

func ClaimByWorker(ctx context.Context, pool *pgxpool.Pool, queue string, worker int) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT claim_by_worker($1, $2)`, queue, worker).Scan(&id)
	return id, err
}

func ClaimTry(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT claim_try($1)`, queue).Scan(&id)
	return id, err
}

func ClaimLockLate(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT claim_lock_late($1)`, queue).Scan(&id)
	return id, err
}
