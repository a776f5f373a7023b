// Package reaper puts back the jobs left processing for ten minutes, by
// the updated_at their claim stamped: updated_at is then the lease. No
// package of the module imports it.
package reaper

import (
	"context"
	"database/sql"
)

func Reap(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'pending', updated_at = now()
		WHERE status = 'processing' AND updated_at < now() - interval '10 minutes'`)
	return err
}
