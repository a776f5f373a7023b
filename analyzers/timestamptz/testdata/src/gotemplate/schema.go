// The schema is a Go format string: the program fills in the name of the
// table the jobs belong to before running it.
package gotemplate

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// want +6 "outbox.available_at is timestamp without time zone"
const schemaFmt = `
CREATE TABLE IF NOT EXISTS outbox (
	id bigserial PRIMARY KEY,
	owner_id bigint NOT NULL REFERENCES %s (id),
	state text NOT NULL DEFAULT 'pending',
	available_at timestamp NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (available_at) WHERE state = 'pending';
`

func Migrate(ctx context.Context, pool *pgxpool.Pool, owners string) error {
	_, err := pool.Exec(ctx, fmt.Sprintf(schemaFmt, owners))
	return err
}
