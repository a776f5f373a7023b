// An outbox relay on database/sql that reads one event at a time and
// returns on a payload it cannot decode: the event is read first again on
// the next tick.
package relaydecodesql

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

type OrderPlaced struct {
	OrderID string `json:"order_id"`
}

type Broker interface {
	Publish(ctx context.Context, subject string, msg OrderPlaced) error
}

func Save(ctx context.Context, tx *sql.Tx, body []byte) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO outbox (body, status) VALUES ($1, 'pending')`, body)
	return err
}

func PublishNext(ctx context.Context, db *sql.DB, b Broker) error {
	var id int64
	var body []byte
	err := db.QueryRowContext(ctx, `SELECT id, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT 1`).Scan(&id, &body)
	if err != nil {
		return err
	}
	var msg OrderPlaced
	if err := json.Unmarshal(body, &msg); err != nil { // want `a row that keeps failing is taken again by every poll`
		return fmt.Errorf("outbox %d: %w", id, err)
	}
	if err := b.Publish(ctx, "orders.placed", msg); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE outbox SET status = 'published' WHERE id = $1`, id)
	return err
}
