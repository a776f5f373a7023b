// A relay whose only failure is the broker's: the payload goes out as it
// was stored, and an event the broker refuses waits for it to come back.
package ok_relaypublishonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Producer interface {
	Produce(ctx context.Context, topic string, key, value []byte) error
}

func Store(ctx context.Context, pool *pgxpool.Pool, topic string, key, value []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO kafka_outbox (topic, key, value) VALUES ($1, $2, $3)`, topic, key, value)
	return err
}

func Forward(ctx context.Context, pool *pgxpool.Pool, p Producer) error {
	rows, err := pool.Query(ctx, `SELECT id, topic, key, value FROM kafka_outbox WHERE published_at IS NULL ORDER BY id LIMIT 200`)
	if err != nil {
		return err
	}
	type msg struct {
		id         int64
		topic      string
		key, value []byte
	}
	var msgs []msg
	for rows.Next() {
		var m msg
		if err := rows.Scan(&m.id, &m.topic, &m.key, &m.value); err != nil {
			rows.Close()
			return err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	for _, m := range msgs {
		if err := p.Produce(ctx, m.topic, m.key, m.value); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE kafka_outbox SET published_at = now() WHERE id = $1`, m.id); err != nil {
			return err
		}
	}
	return nil
}
