// The same relay done right: the rows it publishes are locked (FOR
// UPDATE SKIP LOCKED) in a transaction that lasts until they are marked,
// and a row stops being taken after five failed sends.
package ok_relay_wrapped_locked

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, topic string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ($1, $2)`, topic, payload)
	return err
}

type event struct {
	id      int64
	topic   string
	payload []byte
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, payload FROM outbox
		WHERE COALESCE(status, '') NOT IN ('pending', 'processed') AND attempts < 5
		ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var events []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.topic, &e.payload); err != nil {
			rows.Close()
			return err
		}
		events = append(events, e)
	}
	rows.Close()
	for _, e := range events {
		if err := pub.Publish(ctx, e.topic, e.payload); err != nil {
			if _, err := tx.Exec(ctx, `UPDATE outbox SET status = $2, attempts = attempts + 1 WHERE id = $1`, e.id, sql.NullString{String: "failed", Valid: true}); err != nil {
				return err
			}
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE outbox SET status = $2 WHERE id = $1`, e.id, sql.NullString{String: "processed", Valid: true}); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}
