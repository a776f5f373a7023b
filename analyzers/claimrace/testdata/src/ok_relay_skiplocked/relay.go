// The relay locks the batch it publishes: FOR UPDATE SKIP LOCKED in a
// transaction that stays open through the publish and the marks.
package ok_relay_skiplocked

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, topic string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
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
		if err := pub.Publish(ctx, e.topic, e.payload); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
