// The schema is a Go constant: the finding lands in the Go file.
package godll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// want +2 "no index serves the poll on outbox \\(WHERE sent_at IS NULL\\)\nevery poll walks .* CREATE INDEX CONCURRENTLY outbox_poll_idx ON outbox \\(id\\) WHERE sent_at IS NULL"
const schema = `
CREATE TABLE IF NOT EXISTS outbox (
	id bigserial PRIMARY KEY,
	topic text NOT NULL,
	sent_at timestamptz
);
CREATE INDEX IF NOT EXISTS outbox_topic ON outbox (topic);
`

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, schema)
	return err
}

func Relay(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM outbox WHERE sent_at IS NULL LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE outbox SET sent_at = now() WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
