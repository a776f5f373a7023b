// An outbox whose table name is a config field with a default applied when
// empty: the table is the field's placeholder, whose schema is the DDL the
// outbox runs, with a time zone. The migration's outbox table, named like
// the default and without time zone, is not joined to it by its name: the
// caller may give another.
package accept_godefault

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Config struct {
	Table string
}

type Outbox struct {
	pool  *pgxpool.Pool
	table string
}

func New(pool *pgxpool.Pool, cfg Config) *Outbox {
	if cfg.Table == "" {
		cfg.Table = "outbox"
	}
	return &Outbox{pool: pool, table: cfg.Table}
}

func (o *Outbox) EnsureSchema(ctx context.Context) error {
	_, err := o.pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		available_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS %[1]s_due ON %[1]s (available_at) WHERE status = 'pending'`, o.table))
	return err
}

func (o *Outbox) Claim(ctx context.Context) (id int64, err error) {
	err = o.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'sending' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'pending' AND available_at <= now() ORDER BY available_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, o.table)).Scan(&id)
	return id, err
}
