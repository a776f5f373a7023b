// An at-most-once relay: one statement takes the next message and marks it
// relayed before it is published; nothing writes the row again.
package relay

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Next(ctx context.Context, pool *pgxpool.Pool, publish func([]byte) error) error {
	var payload []byte
	err := pool.QueryRow(ctx, `UPDATE outbox SET relayed_at = now()
		WHERE id = (SELECT id FROM outbox WHERE relayed_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING payload`).Scan(&payload)
	if err != nil {
		return err
	}
	return publish(payload)
}
