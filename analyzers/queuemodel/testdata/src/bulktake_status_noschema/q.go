package bulktake_status_noschema // want package:"queues\\(public.reports\\)"

// Reports are generated when due: a tick takes every due pending report
// into 'processing' and returns them, a time bound from Go deciding which
// are due (no schema in sight); each report ends by key, done or failed.

import (
	"context"
	"database/sql"
	"time"
)

func Request(ctx context.Context, db *sql.DB, kind string, at time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO reports (kind, status, due_at) VALUES ($1, 'pending', $2)`, kind, at)
	return err
}

func TakeDue(ctx context.Context, db *sql.DB) (*sql.Rows, error) { // want TakeDue:"claims jobs"
	return db.QueryContext(ctx, `UPDATE reports SET status = 'processing', started_at = now()
		WHERE status = 'pending' AND due_at <= $1 RETURNING id, kind`, time.Now())
}

func Finish(ctx context.Context, db *sql.DB, id int64) error { // want Finish:"completes jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE reports SET status = 'done' WHERE id = $1`, id)
	return err
}

func Fail(ctx context.Context, db *sql.DB, id int64, reason string) error { // want Fail:"fails jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE reports SET status = 'failed', error = $2 WHERE id = $1`, id, reason)
	return err
}
