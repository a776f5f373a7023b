package gofuncname

import (
	"context"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A relay keeps the name a function computes in a field: the table is the
// field's, as a field's unknown value always is, and the DDL run on the
// field is its schema.
type Relay struct {
	pool  *pgxpool.Pool
	table string
}

func relayTable(prefix string) string { return prefix + "_relay" }

func NewRelay(ctx context.Context, pool *pgxpool.Pool, prefix string) (*Relay, error) {
	r := &Relay{pool: pool, table: relayTable(os.Getenv(prefix))}
	// want +1 `no index serves the poll on {gofuncname.Relay.table} \(WHERE status = 'pending' ORDER BY created_at\)`
	_, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS `+r.table+` (
		id bigserial PRIMARY KEY,
		status text NOT NULL DEFAULT 'pending',
		created_at timestamptz NOT NULL DEFAULT now()
	)`)
	return r, err
}

func (r *Relay) Take(ctx context.Context) (id int64, err error) {
	err = r.pool.QueryRow(ctx, `UPDATE `+r.table+` SET status = 'taken' WHERE id = (
		SELECT id FROM `+r.table+` WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
