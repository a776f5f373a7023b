package bulktake_nolease

// A cron table taken in bulk: every due schedule flips to running and
// comes back to the caller; a run that ends clears the flag and sets the
// next run. A worker killed mid-run leaves its schedules running: nothing
// clears the flag but a run that ended.

import (
	"context"
	"database/sql"
	"time"
)

func Add(ctx context.Context, db *sql.DB, cmd string, next time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO schedules (command, next_run) VALUES ($1, $2)`, cmd, next)
	return err
}

func TakeDue(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE schedules SET running = true WHERE next_run <= now() AND NOT running RETURNING id, command`) // want `this claim moves the job to`
}

func Done(ctx context.Context, db *sql.DB, id int64, next time.Time) error {
	_, err := db.ExecContext(ctx, `UPDATE schedules SET running = false, next_run = $2 WHERE id = $1`, id, next)
	return err
}
