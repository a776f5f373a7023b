// Package store holds the outbox's queries, as sqlc generates them.
package store

import (
	"context"
	"database/sql"
)

type Event struct {
	ID      int64
	Payload []byte
}

type Store struct{}

func (Store) Unprocessed(ctx context.Context, tx *sql.Tx) ([]Event, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, payload FROM outbox
		WHERE processed_at IS NULL
		  AND (last_attempted_at IS NULL OR retries < 3 OR now() >= last_attempted_at + make_interval(secs := power(2, LEAST(retries, 10))::int))
		ORDER BY created_at LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var events []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Payload); err != nil {
			return nil, err
		}
		events = append(events, e)
	}
	return events, rows.Err()
}

func (Store) MarkProcessed(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET processed_at = now() WHERE id = $1`, id)
	return err
}

func (Store) CountFailure(ctx context.Context, tx *sql.Tx, id int64, msg string) error { // want CountFailure:"retries\\(store.go:42\\)"
	_, err := tx.ExecContext(ctx, `UPDATE outbox SET retries = retries + 1, last_error = $2, last_attempted_at = now() WHERE id = $1`, id, msg)
	return err
}
