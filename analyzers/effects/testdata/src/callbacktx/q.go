// A helper of the package that runs a function in a transaction it begins
// and rolls back on the function's error is that function's transaction,
// begun at the helper's call; one that commits whatever the function
// returns, or gives it something else, is not.
package callbacktx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func withTx(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func commitAlways(ctx context.Context, pool *pgxpool.Pool, fn func(pgx.Tx) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	_ = fn(tx)
	return tx.Commit(ctx)
}

func use(ctx context.Context, pool *pgxpool.Pool) {
	_ = withTx(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "a") // want `on tx tx L36 serializable`
		return err
	})
	_ = commitAlways(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, "b") // want `on tx tx given`
		return err
	})
}
