// The same claim with a transaction-level advisory lock: on a connection
// outside a transaction it is released when the SELECT returns, so nothing
// marks the job taken once the worker dies, and the job stays running.
package xactadvisory

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, conn *pgx.Conn) (int64, error) {
	var id int64
	if err := conn.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND pg_try_advisory_xact_lock(id) ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	tag, err := conn.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id) // want `this claim moves the job to 'running' and writes no lease deadline`
	if err != nil || tag.RowsAffected() == 0 {
		return 0, err
	}
	return id, nil
}
