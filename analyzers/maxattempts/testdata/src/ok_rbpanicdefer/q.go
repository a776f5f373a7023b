// The deferred code rolls back only on a panic, and the handler's error
// returns with the transaction still open: how it ends is up to code out
// of sight, so nothing is judged.
package ok_rbpanicdefer

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Begin(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) (pgx.Tx, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback(ctx)
			panic(p)
		}
	}()
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return tx, err
	}
	if err := run(payload); err != nil {
		return tx, err
	}
	_, err = tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return tx, err
}
