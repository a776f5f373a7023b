// LIMIT 1 is no safer: a re-run takes the next job too (delayed_job's form,
// with database/sql).
package inone

import (
	"context"
	"database/sql"
)

const claimSQL = `UPDATE delayed_jobs SET locked_at = now(), locked_by = $1
		WHERE id IN (SELECT id FROM delayed_jobs WHERE locked_at IS NULL AND run_at <= now() ORDER BY priority, run_at LIMIT 1 FOR UPDATE)
		RETURNING *`

func Reserve(ctx context.Context, db *sql.DB, worker string) (*sql.Rows, error) {
	return db.QueryContext(ctx, claimSQL, worker) // want `IN \(SELECT ... LIMIT 1 FOR UPDATE\)`
}
