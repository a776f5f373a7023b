// An outbox with no state column on database/sql: the relay reads due
// messages, publishes each, deletes it, and on failure moves its
// next_attempt_at on by a minute without counting: a message the broker
// always rejects is published every minute for ever.
package spool_nocount

import (
	"context"
	"database/sql"
	"log"
)

type Broker interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type message struct {
	id      int64
	topic   string
	payload []byte
}

type Relay struct {
	db     *sql.DB
	broker Broker
}

func (r *Relay) next(ctx context.Context) ([]message, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id, topic, payload FROM outbox WHERE next_attempt_at <= now() ORDER BY id LIMIT 100`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.id, &m.topic, &m.payload); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (r *Relay) Pump(ctx context.Context) error {
	msgs, err := r.next(ctx)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		if err := r.broker.Publish(ctx, m.topic, m.payload); err != nil {
			if _, err := r.db.ExecContext(ctx, `UPDATE outbox SET next_attempt_at = now() + interval '1 minute' WHERE id = $1`, m.id); err != nil { // want `this retry puts the job back with no limit`
				log.Print(err)
			}
			continue
		}
		if _, err := r.db.ExecContext(ctx, `DELETE FROM outbox WHERE id = $1`, m.id); err != nil {
			log.Print(err)
		}
	}
	return nil
}
