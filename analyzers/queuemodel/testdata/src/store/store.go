package store // want package:"queues\\(public.tasks\\)"

// A wrapper in another package, known to its importers through a fact.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Exec(ctx context.Context, query string, args ...any) error { // want Exec:"sql wrapper\\(param 1 -> Exec on pool\\)"
	_, err := s.pool.Exec(ctx, query, args...)
	return err
}

func (s *Store) Claim(ctx context.Context) error { // want Claim:"claims jobs"
	return s.Exec(ctx, `UPDATE tasks SET state = 'taken' WHERE id = (SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)`)
}
