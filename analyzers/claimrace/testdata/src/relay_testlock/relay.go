// An outbox relay in a module whose only advisory lock is taken by the
// helper that sets up the tests' database: nothing keeps two relays
// apart.
package relay_testlock

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
	rows, err := pool.Query(ctx, `SELECT id, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT 100`) // want `two relays read the same unmarked rows`
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
			rows.Close()
			return err
		}
		msgs = append(msgs, m)
	}
	rows.Close()
	for _, m := range msgs {
		if err := pub.Publish(ctx, m.payload); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, m.id); err != nil {
			return err
		}
	}
	return nil
}
