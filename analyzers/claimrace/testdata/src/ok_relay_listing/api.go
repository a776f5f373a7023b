// An admin API over the outbox: a page of the unprocessed messages, with
// OFFSET, and a button that marks one message processed by hand. Nothing
// hands the rows on between the two: no relay.
package ok_relay_listing

import (
	"context"
	"database/sql"
)

type Message struct {
	ID    int64
	Topic string
}

type API struct{ db *sql.DB }

func (a *API) Add(ctx context.Context, topic string) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO outbox (topic) VALUES ($1)`, topic)
	return err
}

func (a *API) Unprocessed(ctx context.Context, page, size int) ([]Message, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, topic FROM outbox WHERE processed_at IS NULL ORDER BY created_at LIMIT $1 OFFSET $2`, size, page*size)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Topic); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// After is the next page after a cursor: keyset pagination.
func (a *API) After(ctx context.Context, after int64) ([]Message, error) {
	rows, err := a.db.QueryContext(ctx, `SELECT id, topic FROM outbox WHERE processed_at IS NULL AND id > $1 ORDER BY id LIMIT 50`, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Topic); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (a *API) MarkProcessed(ctx context.Context, id int64) error {
	_, err := a.db.ExecContext(ctx, `UPDATE outbox SET processed_at = now() WHERE id = $1`, id)
	return err
}
