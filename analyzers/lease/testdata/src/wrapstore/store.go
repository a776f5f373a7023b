package wrapstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ Pool *pgxpool.Pool }

func (s *Store) Exec(ctx context.Context, query string, args ...any) error {
	_, err := s.Pool.Exec(ctx, query, args...)
	return err
}
