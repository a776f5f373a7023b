// The same relay, its table created by the service itself at start-up:
// the schema it deploys, with no index for the poll.
package relay_ownddl

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Relay(ctx context.Context, pool *pgxpool.Pool, publish func(topic string, body []byte) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var topic string
		var body []byte
		err := tx.QueryRow(ctx, `SELECT id, topic, body FROM outbox_events WHERE published_at IS NULL
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &topic, &body)
		if err != nil {
			return err
		}
		if err := publish(topic, body); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE outbox_events SET published_at = now() WHERE id = $1`, id)
		return err
	})
}

// want +1 "no index serves the poll on outbox_events \\(WHERE published_at IS NULL ORDER BY id\\)"
const outboxDDL = `CREATE TABLE IF NOT EXISTS outbox_events (
	id bigserial PRIMARY KEY,
	topic text NOT NULL,
	body bytea NOT NULL,
	published_at timestamptz
)`

// Migrate creates the outbox.
func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, outboxDDL)
	return err
}
