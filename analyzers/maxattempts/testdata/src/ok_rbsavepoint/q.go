// The work writes in a savepoint (pgx's nested transaction); its failure
// rolls back only the savepoint, and the claim's transaction records the
// failure and commits.
package ok_rbsavepoint

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, tx pgx.Tx, payload []byte) error

func Once(ctx context.Context, pool *pgxpool.Pool, handle Handler) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' AND attempts < 5 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	if err := handle(ctx, sp, payload); err != nil {
		_ = sp.Rollback(ctx)
		if _, err := tx.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, id, err.Error()); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	if err := sp.Commit(ctx); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
