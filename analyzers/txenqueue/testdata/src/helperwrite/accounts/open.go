// The account's row is written through another package's function given
// the transaction; the welcome job goes on the pool while it is open.
package accounts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"helperwrite/store"
)

func Open(ctx context.Context, pool *pgxpool.Pool, email string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	id, err := store.CreateAccount(ctx, tx, email)
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('welcome', jsonb_build_object('account_id', $1::bigint))`, id); err != nil { // want `enqueued outside transaction tx, which writes accounts and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	}
	return tx.Commit(ctx)
}
