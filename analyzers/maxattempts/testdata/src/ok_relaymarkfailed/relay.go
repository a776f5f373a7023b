// A relay that records a payload it cannot decode: the row leaves the
// poll as 'failed' with its error kept.
package ok_relaymarkfailed

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Event struct {
	Kind string `json:"kind"`
}

type Bus interface {
	Publish(ctx context.Context, e Event) error
}

func Record(ctx context.Context, pool *pgxpool.Pool, body []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO event_outbox (body, status) VALUES ($1, 'pending')`, body)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool, bus Bus) error {
	rows, err := pool.Query(ctx, `SELECT id, body FROM event_outbox WHERE status = 'pending' ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	type row struct {
		id   int64
		body []byte
	}
	var batch []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, r)
	}
	rows.Close()
	for _, r := range batch {
		var e Event
		if err := json.Unmarshal(r.body, &e); err != nil {
			if _, err := pool.Exec(ctx, `UPDATE event_outbox SET status = 'failed', last_error = $2 WHERE id = $1`, r.id, err.Error()); err != nil {
				return err
			}
			continue
		}
		if err := bus.Publish(ctx, e); err != nil {
			return err // the broker is down: every event waits for it
		}
		if _, err := pool.Exec(ctx, `UPDATE event_outbox SET status = 'published' WHERE id = $1`, r.id); err != nil {
			return err
		}
	}
	return nil
}
