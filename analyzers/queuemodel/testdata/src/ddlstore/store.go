package ddlstore // want package:`goddl\(CREATE TABLE IF NOT EXISTS {ddlstore.Queue.Table} \(id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL\)\)` package:`queues\(public.{ddlstore.Queue.Table~[0-9a-f]+}\)`

// The store creates its table under a name its caller chooses, and claims
// from it.

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	Pool  *pgxpool.Pool
	Table string
}

func New(ctx context.Context, pool *pgxpool.Pool, table string) (*Queue, error) {
	_, err := pool.Exec(ctx, fmt.Sprintf(`CREATE TABLE IF NOT EXISTS %s (id bigserial PRIMARY KEY, status text NOT NULL DEFAULT 'queued', run_at timestamptz NOT NULL)`, table))
	return &Queue{Pool: pool, Table: table}, err
}

func (q *Queue) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = q.Pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'running' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, q.Table)).Scan(&id)
	return id, err
}
