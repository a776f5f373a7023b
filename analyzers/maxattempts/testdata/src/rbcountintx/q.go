// The attempt is counted, but inside the transaction the failure rolls
// back: the count goes back with it, and the limit the poll compares is
// never reached.
package rbcountintx

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
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' AND attempts < 5 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if err := run(payload); err != nil {
		_ = tx.Rollback(ctx) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}
