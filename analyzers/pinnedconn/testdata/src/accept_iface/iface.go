// An interface may hold a connection or a pool: the tool does not guess.
package accept_iface

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func Lock(ctx context.Context, q Querier) error {
	_, err := q.Exec(ctx, `SELECT pg_advisory_lock(42)`)
	return err
}
