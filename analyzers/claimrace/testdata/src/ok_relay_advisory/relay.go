// One relay at a time: the relay runs only while it holds a session-level
// advisory lock on a connection it keeps for the whole pass.
package ok_relay_advisory

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Publisher interface {
	Publish(ctx context.Context, payload []byte) error
}

func Save(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, pub Publisher) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	var leader bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock(42)`).Scan(&leader); err != nil || !leader {
		return err
	}
	defer conn.Exec(context.Background(), `SELECT pg_advisory_unlock(42)`)
	rows, err := conn.Query(ctx, `SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	type msg struct {
		id      int64
		payload []byte
	}
	var msgs []msg
	for rows.Next() {
		var m msg
		if err := rows.Scan(&m.id, &m.payload); err != nil {
			return err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	for _, m := range msgs {
		if err := pub.Publish(ctx, m.payload); err != nil {
			return err
		}
		if _, err := conn.Exec(ctx, `UPDATE outbox SET sent_at = now() WHERE id = $1`, m.id); err != nil {
			return err
		}
	}
	return nil
}
