// Package reaper puts back the evaluations left processing for fifteen
// minutes; its own command runs it.
package reaper

import (
	"context"
	"database/sql"
)

func Reap(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE evaluations SET status = 'queued'
		WHERE status = 'processing' AND updated_at < now() - interval '15 minutes'`)
	return err
}
