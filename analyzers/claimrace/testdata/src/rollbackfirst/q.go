// The SELECT only reads, so the transaction is rolled back before the job
// is marked: the row lock goes with it, and a second worker's SKIP LOCKED
// finds the same row before the pool's UPDATE runs.
package rollbackfirst

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id) // want `the transaction that holds this row lock ends before the UPDATE`
	tx.Rollback(ctx)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
