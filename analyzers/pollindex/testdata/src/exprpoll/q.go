// The poll gives back an expression over a column (coalesce(id, 0)): a job reaches the worker,
// so it is a poll, and no index serves it.
package exprpoll

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (pgx.Rows, error) {
	return tx.Query(ctx, `SELECT coalesce(id, 0) FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`)
}

func Take(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}
