// An outbox library that keeps one table per stream, named by a function
// of the package from the stream its caller gives (quoted as a whole), or
// from a schema and the stream, created at start-up: that DDL is the schema of every table the function names, and
// its clock column has no time zone. The table named by another function
// is another table: its DDL is right.
package gofuncname

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

func streamTable(stream string) string {
	return fmt.Sprintf(`"outbox_%s"`, stream)
}

func deliveredTable(schema, stream string) string {
	return schema + ".delivered_" + stream
}

type Outbox struct {
	pool   *pgxpool.Pool
	schema string
}

func New(pool *pgxpool.Pool, schema string) *Outbox {
	return &Outbox{pool: pool, schema: schema}
}

func (o *Outbox) EnsureSchema(ctx context.Context, stream string) error {
	// want +1 `{gofuncname.streamTable}.available_at is timestamp without time zone`
	_, err := o.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		available_at timestamp NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS outbox_due ON %[1]s (available_at) WHERE status = 'pending'`, streamTable(stream)))
	if err != nil {
		return err
	}
	_, err = o.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		available_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS delivered_due ON %[1]s (available_at) WHERE status = 'pending'`, deliveredTable(o.schema, stream)))
	return err
}

func (o *Outbox) Claim(ctx context.Context, stream string) (id int64, err error) {
	err = o.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'sending' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' AND available_at <= now() ORDER BY available_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, streamTable(stream))).Scan(&id)
	return id, err
}

func (o *Outbox) ClaimDelivered(ctx context.Context, stream string) (id int64, err error) {
	err = o.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'sending' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' AND available_at <= now() ORDER BY available_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, deliveredTable(o.schema, stream))).Scan(&id)
	return id, err
}
