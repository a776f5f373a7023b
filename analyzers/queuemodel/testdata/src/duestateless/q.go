package duestateless // want package:"queues\\(public.webhook_jobs\\)"

// A webhook queue with no state column: the worker locks the next due
// job and sends it while it holds the lock; a success deletes the row, a
// failure counts the attempt and pushes the due time ahead: a retry.

import (
	"context"
	"database/sql"
)

func sendNext(ctx context.Context, db *sql.DB, send func(string, []byte) error) error { // want sendNext:"claims jobs, fails jobs, runs parameter 2"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var url string
	var payload []byte
	err = tx.QueryRowContext(ctx, `SELECT id, url, payload FROM webhook_jobs WHERE next_try_at <= now()
		ORDER BY next_try_at FOR UPDATE SKIP LOCKED LIMIT 1`).Scan(&id, &url, &payload)
	if err != nil {
		return err
	}
	if err := send(url, payload); err != nil {
		if _, err := tx.ExecContext(ctx, `UPDATE webhook_jobs SET attempts = attempts + 1, next_try_at = now() + interval '1 minute' WHERE id = $1`, id); err != nil {
			return err
		}
		return tx.Commit()
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM webhook_jobs WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
