package admin

import (
	"context"
	"database/sql"
)

// Requeue puts one job back at an operator's request.
func Requeue(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

// RetryFailed gives the failed jobs of the last hour another run.
func RetryFailed(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'queued', run_at = now() WHERE status = 'failed' AND run_at < now()`)
	return err
}
