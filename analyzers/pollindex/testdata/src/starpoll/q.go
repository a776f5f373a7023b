// The poll gives back every column (SELECT *): a job reaches the worker,
// so it is a poll, and no index serves it.
package starpoll

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (pgx.Rows, error) {
	return tx.Query(ctx, `SELECT * FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`)
}

func Take(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}
