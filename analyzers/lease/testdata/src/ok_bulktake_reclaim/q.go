package ok_bulktake_reclaim

// The same cron table with a lease: the take stamps when it took the
// schedule, and a sweep clears the flag of takes older than ten minutes.

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
	return db.QueryContext(ctx, `UPDATE schedules SET running = true, locked_until = now() + interval '10 minutes'
		WHERE next_run <= now() AND NOT running RETURNING id, command`)
}

func Done(ctx context.Context, db *sql.DB, id int64, next time.Time) error {
	_, err := db.ExecContext(ctx, `UPDATE schedules SET running = false, locked_until = NULL, next_run = $2 WHERE id = $1`, id, next)
	return err
}

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE schedules SET running = false, locked_until = NULL WHERE running AND locked_until < now()`)
	return err
}
