// Package reaper puts back the jobs left processing for ten minutes; its
// own command runs it, and no package of the module imports it.
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
