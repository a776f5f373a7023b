// In one transaction but read without a lock: another worker can move the
// row between the SELECT and the compare-and-set, and nobody looks.
package cas_tx_unlocked

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id); err != nil { // want `this compare-and-set claim re-checks the status, but nothing checks that it matched a row`
		return 0, err
	}
	return id, tx.Commit(ctx)
}
