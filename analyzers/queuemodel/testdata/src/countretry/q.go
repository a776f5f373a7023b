package countretry // want package:"queues\\(public.outbox\\)"

// An outbox read by a relay that takes no row: a message stays 'pending'
// until marked sent, so raising its retry count is its retry, while
// counting a message already failed (a re-drive's tally) is not.

import (
	"context"
	"database/sql"
)

func Pending(ctx context.Context, db *sql.DB) (*sql.Rows, error) { // want Pending:"claims jobs"
	return db.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE status = 'pending' ORDER BY created_at LIMIT 100`)
}

func MarkSent(ctx context.Context, db *sql.DB, id int64) error { // want MarkSent:"completes jobs, writes outcomes, returns a write's error"
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'sent' WHERE id = $1`, id)
	return err
}

func CountRetry(ctx context.Context, db *sql.DB, id int64) error { // want CountRetry:"fails jobs, writes outcomes, returns a write's error"
	_, err := db.ExecContext(ctx, `UPDATE outbox SET retry_count = retry_count + 1 WHERE id = $1`, id)
	return err
}

func CountRedrive(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE outbox SET retry_count = retry_count + 1 WHERE id = $1 AND status = 'failed'`, id)
	return err
}
