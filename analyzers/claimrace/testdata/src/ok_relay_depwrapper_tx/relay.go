// The same relay on the shared database module, locking its batch: the
// module's BeginTx returns a *sql.Tx, which stays open through the
// publish and the marks.
package ok_relay_depwrapper_tx

import (
	"context"

	"example.com/platform/pgdb"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type Relay struct {
	db  *pgdb.DB
	pub Publisher
}

func (r *Relay) Save(ctx context.Context, topic string, payload []byte) error {
	_, err := r.db.ExecContext(ctx, `INSERT INTO outbox (topic, payload, published) VALUES ($1, $2, false)`, topic, payload)
	return err
}

func (r *Relay) Run(ctx context.Context) error {
	tx, err := r.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT id, topic, payload FROM outbox WHERE published = false ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type event struct {
		id      int64
		topic   string
		payload []byte
	}
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.topic, &e.payload); err != nil {
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		if err := r.pub.Publish(ctx, e.topic, e.payload); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET published = true WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return tx.Commit()
}
