// An outbox relay whose table belongs to another service: its migrations
// are not in this module. A helper that takes a *testing.T creates the table for the
// tests, with no index beyond its key; that says nothing of the indexes
// the deployed database has, and the rule stays silent.
package accept_testing_ddl

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
