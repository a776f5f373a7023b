// An outbox relay that reads every pending event at once (no LIMIT), in
// the order they were written, publishes each and marks it by key.
package relay_unbounded

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Producer interface {
	Produce(ctx context.Context, key string, value []byte) error
}

func Record(ctx context.Context, pool *pgxpool.Pool, key string, value []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO events_outbox (key, value, status) VALUES ($1, $2, 'pending')`, key, value)
	return err
}

func Pump(ctx context.Context, pool *pgxpool.Pool, p Producer) error {
	rows, err := pool.Query(ctx, `SELECT id, key, value FROM events_outbox WHERE status = 'pending' ORDER BY created_at`) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	type ev struct {
		id    int64
		key   string
		value []byte
	}
	var evs []ev
	for rows.Next() {
		var e ev
		if err := rows.Scan(&e.id, &e.key, &e.value); err != nil {
			rows.Close()
			return err
		}
		evs = append(evs, e)
	}
	rows.Close()
	for _, e := range evs {
		if err := p.Produce(ctx, e.key, e.value); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE events_outbox SET status = 'sent' WHERE id = $1`, e.id); err != nil {
			return err
		}
	}
	return nil
}
