// A transaction-level lock, released by the commit on the transaction's
// own connection.
package accept_xact

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func WithLock(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
			return err
		}
		return fn(tx)
	})
}

// The same lock taken by hand in a transaction of the pool.
func WithLockTx(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_try_advisory_xact_lock(42)`); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
