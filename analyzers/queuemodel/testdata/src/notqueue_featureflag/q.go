// Feature flags: the enabled ones listed in key order, one switched off
// by key, all switched on at once after a deploy. A boolean of a settings
// table, no job's state.
package notqueue_featureflag

import (
	"context"
	"database/sql"
)

func Enabled(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `SELECT key FROM feature_flags WHERE enabled ORDER BY key LIMIT 100`)
}

func Disable(ctx context.Context, db *sql.DB, key string) error {
	_, err := db.ExecContext(ctx, `UPDATE feature_flags SET enabled = false WHERE key = $1`, key)
	return err
}

func EnableRollout(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE feature_flags SET enabled = true WHERE rollout_at <= now() AND NOT enabled RETURNING key`)
}
