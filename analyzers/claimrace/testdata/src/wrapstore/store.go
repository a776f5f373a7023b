// A wrapper in another package: its callers' strings are SQL on the pool.
package wrapstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Row(ctx context.Context, query string, args ...any) pgx.Row {
	return s.Pool.QueryRow(ctx, query, args...)
}

func (s *Store) Exec(ctx context.Context, query string, args ...any) error {
	_, err := s.Pool.Exec(ctx, query, args...)
	return err
}
