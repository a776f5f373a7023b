// An outbox relay on the company's shared database module (pgdb, another
// module): the batch is read with no lock through its retrying query, each
// event published, then marked one by one.
package relay_depwrapper

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
	rows, err := r.db.QueryRetry(ctx, r.db.Policy, `SELECT id, topic, payload FROM outbox WHERE published = false ORDER BY id LIMIT 100`) // want `two relays read the same unmarked rows`
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
		if _, err := r.db.ExecRetry(ctx, r.db.Policy, `UPDATE outbox SET published = true WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
