// The lock's SQL passes through a helper of the module's: the finding cannot
// name the pool's type at the call, and still gives pgx's remedy (Acquire).
package wrapped

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) exec(ctx context.Context, sql string, args ...any) error {
	_, err := s.pool.Exec(ctx, sql, args...)
	return err
}

func (s *Store) Lock(ctx context.Context, key int64) error {
	return s.exec(ctx, `SELECT pg_advisory_lock($1)`, key) // want `pg_advisory_lock runs on a pool: the unlock may run on another connection and leave the lock held\n.*\(pool.Acquire, held until the unlock\)`
}
