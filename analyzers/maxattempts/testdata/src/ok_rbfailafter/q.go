// The failure path rolls back the claim's transaction, then records the
// failure on the pool: the job is dead at its first failure, with its
// error kept.
package ok_rbfailafter

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if err := run(payload); err != nil {
		_ = tx.Rollback(ctx)
		_, ferr := pool.Exec(ctx, `UPDATE jobs SET status = 'dead', last_error = $2 WHERE id = $1`, id, err.Error())
		return ferr
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}
