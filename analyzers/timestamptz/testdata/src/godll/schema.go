// The schema lives in a Go constant that the program executes at start-up.
package godll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// want +6 "outbox.available_at is timestamp without time zone"
const schema = `
CREATE TABLE IF NOT EXISTS outbox (
	id bigserial PRIMARY KEY,
	topic text NOT NULL,
	state text NOT NULL DEFAULT 'pending',
	available_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (available_at) WHERE state = 'pending';
`

func Migrate(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, schema)
	return err
}
