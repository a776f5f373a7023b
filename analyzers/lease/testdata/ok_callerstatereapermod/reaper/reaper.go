// The reaper, a package of its own that nothing else imports (its command
// is run beside the worker), puts back running jobs untouched for ten
// minutes.
package reaper

import (
	"context"
	"database/sql"
)

func Reap(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND updated_at < now() - interval '10 minutes'`)
	return err
}
