// The failure path records the attempt and the error, failing the job at
// the limit, in the claim's transaction, and commits.
package ok_rbmarkfailed

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
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
