package bumpretry // want package:"queues\\(public.jobs, public.outbox\\)"

// Two queues. The outbox's relay holds each row's lock while it publishes,
// so a row stays runnable: counting a failed attempt and recording its
// error is its retry, and counting alone (at the claim) is not. A job
// claimed into 'running' stays running when its attempt is counted.

import (
	"context"
	"database/sql"
)

func Unprocessed(ctx context.Context, tx *sql.Tx) (*sql.Rows, error) { // want Unprocessed:"claims jobs"
	return tx.QueryContext(ctx, `SELECT id FROM outbox WHERE processed_at IS NULL ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
}

func Counted(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET retries = retries + 1 WHERE id = $1`, id)
	return err
}

func CountFailure(ctx context.Context, tx *sql.Tx, id int64, msg string) error { // want CountFailure:"fails jobs, writes outcomes"
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET retries = retries + 1, last_error = $2 WHERE id = $1`, id, msg)
	return err
}

func MarkProcessed(ctx context.Context, db *sql.DB, id int64) error { // want MarkProcessed:"completes jobs"
	_, err := db.ExecContext(ctx, `UPDATE outbox SET processed_at = now() WHERE id = $1`, id)
	return err
}

func Claim(ctx context.Context, db *sql.DB) (id int64, err error) { // want Claim:"claims jobs"
	err = db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func NoteFailure(ctx context.Context, db *sql.DB, id int64, msg string) error {
	_, err := db.ExecContext(ctx, `UPDATE jobs SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, id, msg)
	return err
}

func Finish(ctx context.Context, db *sql.DB, id int64) error { // want Finish:"completes jobs"
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
