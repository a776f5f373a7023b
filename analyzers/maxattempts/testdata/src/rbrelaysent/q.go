// An outbox relay with no state column: it locks the unsent rows, hands
// each to a publisher, and marks the batch sent. A publish error returns
// and the deferred rollback gives the batch back untouched: the record
// the broker rejects is taken again at every poll, with no attempt
// counted.
package rbrelaysent

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/lib/pq"
)

type Message struct {
	ID    int64
	Topic string
	Body  []byte
}

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Relay struct {
	db  *sql.DB
	pub Publisher
}

func (r *Relay) Flush(ctx context.Context, batch int) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, topic, body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, batch)
	if err != nil {
		return err
	}
	var msgs []Message
	for rows.Next() {
		var m Message
		if err := rows.Scan(&m.ID, &m.Topic, &m.Body); err != nil {
			rows.Close()
			return err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	ids := make([]int64, 0, len(msgs))
	for _, m := range msgs {
		if err := r.pub.Publish(ctx, m.Topic, m.Body); err != nil {
			return fmt.Errorf("publish %d: %w", m.ID, err) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		ids = append(ids, m.ID)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE outbox SET sent_at = now() WHERE id = ANY($1)`, pq.Array(ids)); err != nil {
		return err
	}
	return tx.Commit()
}
