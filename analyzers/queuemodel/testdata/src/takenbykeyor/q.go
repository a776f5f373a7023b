package takenbykeyor // want package:"queues\\(public.tasks\\)"

// Task ids come from elsewhere (a Redis list). A worker takes a task by a
// compare-and-set from either state it may wait in, written as an OR of
// equalities whose states are typed constants of another package.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"takenbykeyor/state"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Add(ctx context.Context, kind string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO tasks (kind, status) VALUES ($1, $2)`, kind, state.Pending)
	return err
}

func (s *Store) Take(ctx context.Context, id string) (kind string, err error) { // want Take:"claims jobs"
	err = s.pool.QueryRow(ctx, `UPDATE tasks SET status = $1, started_at = now()
		WHERE id = $2 AND (status = $3 OR status = $4) RETURNING kind`, state.Running, id, state.Pending, state.Scheduled).Scan(&kind)
	return kind, err
}

func (s *Store) Done(ctx context.Context, id string) error { // want Done:"completes jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = $1 WHERE id = $2 AND status = $3`, state.Completed, id, state.Running)
	return err
}

func (s *Store) Later(ctx context.Context, id string) error { // want Later:"fails jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = $1, run_at = now() + interval '1 minute' WHERE id = $2 AND status = $3`, state.Scheduled, id, state.Running)
	return err
}

func (s *Store) Bury(ctx context.Context, id string) error { // want Bury:"fails jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = $1 WHERE id = $2 AND status = $3`, state.Failed, id, state.Running)
	return err
}
