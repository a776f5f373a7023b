// An outbox relay on a pgx pool: it reads the oldest unpublished events,
// publishes them, then marks the batch published by key.
package relay_pgx

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type event struct {
	id      int64
	topic   string
	payload []byte
}

func Save(ctx context.Context, pool *pgxpool.Pool, topic string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (topic, payload, created_at) VALUES ($1, $2, now())`, topic, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	rows, err := pool.Query(ctx, `SELECT id, topic, payload FROM outbox WHERE published_at IS NULL ORDER BY created_at LIMIT 100`) // want `two relays read the same unmarked rows: each hands them on before either marks them\nthis SELECT takes no lock`
	if err != nil {
		return err
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
	var done []int64
	for _, e := range events {
		if err := pub.Publish(ctx, e.topic, e.payload); err != nil {
			break
		}
		done = append(done, e.id)
	}
	_, err = pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = ANY($1) AND published_at IS NULL`, done)
	return err
}
