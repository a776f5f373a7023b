// The row is locked in a transaction, but the transaction commits before
// the job is marked: the lock is gone, and a second worker's SKIP LOCKED
// finds the same row before the pool's UPDATE runs.
package commitfirst

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
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil { // want `the transaction that holds this row lock ends before the UPDATE`
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
