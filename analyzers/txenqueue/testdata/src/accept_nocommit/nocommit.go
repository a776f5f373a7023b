// The transaction is committed by the caller: where it ends is not in
// this function, and the tool does not guess.
package accept_nocommit

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Begin(ctx context.Context, pool *pgxpool.Pool, email string) (pgx.Tx, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO users (email) VALUES ($1)`, email); err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ('welcome_email')`); err != nil {
		return nil, err
	}
	return tx, nil
}
