// The failure path records the attempt in the claim's transaction, but
// returns without committing it: the deferred Rollback takes the record
// back with the claim.
package rbfailwritelost

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return err
	}
	if err := run(payload); err != nil {
		if _, err := tx.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1, last_error = $2, status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id, err.Error()); err != nil {
			return err
		}
		return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
