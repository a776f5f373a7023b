// Package reaper puts back the tasks left processing for ten minutes by
// a worker that died: no package of the module imports it; its command
// runs it from cron.
package reaper

import (
	"context"
	"database/sql"
)

func Reap(ctx context.Context, db *sql.DB) (int64, error) {
	res, err := db.ExecContext(ctx, `UPDATE tasks SET status = 'pending', updated_at = now()
		WHERE status = 'processing' AND updated_at < now() - interval '10 minutes'`)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
