// Package store is the outbox's repository.
package store

import (
	"context"
	"database/sql"
)

type Message struct {
	ID         int64
	Topic      string
	Payload    []byte
	RetryCount int
}

type Outbox struct{ DB *sql.DB }

func (o *Outbox) Pending(ctx context.Context, limit int) ([]Message, error) {
	rows, err := o.DB.QueryContext(ctx, `SELECT id, topic, payload, retry_count FROM outbox
		WHERE status = 'pending' ORDER BY created_at LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Topic, &m.Payload, &m.RetryCount); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (o *Outbox) MarkSent(ctx context.Context, id int64) error {
	_, err := o.DB.ExecContext(ctx, `UPDATE outbox SET status = 'sent', sent_at = now() WHERE id = $1`, id)
	return err
}

func (o *Outbox) MarkFailed(ctx context.Context, id int64) error {
	_, err := o.DB.ExecContext(ctx, `UPDATE outbox SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (o *Outbox) IncrementRetryCount(ctx context.Context, id int64) error { // want IncrementRetryCount:"retries\\(store.go:47\\)"
	_, err := o.DB.ExecContext(ctx, `UPDATE outbox SET retry_count = retry_count + 1 WHERE id = $1`, id)
	return err
}
