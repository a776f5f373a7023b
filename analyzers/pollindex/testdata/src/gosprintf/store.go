// The store creates its table and an index at start-up, under the name its
// caller chooses; the index is on the job kind, not on what the poll reads.
package gosprintf

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct {
	pool  *pgxpool.Pool
	table string
}

func New(ctx context.Context, pool *pgxpool.Pool, table string) (*Store, error) {
	// want +1 `no index serves the poll on {gosprintf.Store.table} \(WHERE status = 'queued' ORDER BY run_at\)\n.*the existing index {gosprintf.Store.table}_kind \(kind\) does not help.*add in a new migration, CONCURRENTLY .*: CREATE INDEX CONCURRENTLY .* ON {gosprintf.Store.table} \(run_at\) WHERE status = 'queued'`
	_, err := pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %[1]s (
		id bigserial PRIMARY KEY,
		kind text NOT NULL,
		status text NOT NULL DEFAULT 'queued',
		run_at timestamptz NOT NULL DEFAULT now()
	);
	CREATE INDEX IF NOT EXISTS %[1]s_kind ON %[1]s (kind)`, table))
	return &Store{pool: pool, table: table}, err
}

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'running' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, s.table)).Scan(&id)
	return id, err
}
