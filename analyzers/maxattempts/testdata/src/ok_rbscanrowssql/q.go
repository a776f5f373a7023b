// A database/sql relay that reads its locked batch through a helper that
// only scans the rows: the helper's error is the claim's read failing,
// not a delivery, so rolling the claim back on it retries nothing. A
// failed delivery is counted in the transaction and stops at the limit.
package ok_rbscanrowssql

import (
	"context"
	"database/sql"
	"fmt"
)

const maxAttempts = 10

type Event struct {
	ID    string
	Topic string
	Body  []byte
	Key   string
}

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

func scanEvents(rows *sql.Rows) ([]Event, error) {
	var out []Event
	for rows.Next() {
		var (
			ev  Event
			key sql.NullString
		)
		if err := rows.Scan(&ev.ID, &ev.Topic, &ev.Body, &key); err != nil {
			return nil, fmt.Errorf("scan event: %w", err)
		}
		if key.Valid {
			ev.Key = key.String
		}
		out = append(out, ev)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rows: %w", err)
	}
	return out, nil
}

type Relay struct {
	db  *sql.DB
	pub Publisher
}

func (r *Relay) RelayBatch(ctx context.Context, limit int) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, topic, body, event_key FROM events
		WHERE sent_at IS NULL AND attempts < $2 ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, limit, maxAttempts)
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	events, err := scanEvents(rows)
	rows.Close()
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	for _, ev := range events {
		if perr := r.pub.Publish(ctx, ev.Topic, ev.Body); perr != nil {
			if _, err := tx.ExecContext(ctx, `UPDATE events SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, ev.ID, perr.Error()); err != nil {
				_ = tx.Rollback()
				return err
			}
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE events SET sent_at = now() WHERE id = $1`, ev.ID); err != nil {
			_ = tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}
