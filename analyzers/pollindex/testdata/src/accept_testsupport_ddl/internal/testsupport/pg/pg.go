// Package pg starts the tables the integration tests need.
package pg

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const outboxDDL = `CREATE TABLE IF NOT EXISTS outbox_events (
	id bigserial PRIMARY KEY,
	topic text NOT NULL,
	body bytea NOT NULL,
	published_at timestamptz
)`

// Prepare creates the other service's outbox in a test database.
func Prepare(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, outboxDDL)
	return err
}
