package takenbykeyin // want package:"queues\\(public.tasks\\)"

// Task ids come from elsewhere (a Redis list). A worker takes a task by a
// compare-and-set from either state it may wait in: created pending, or
// scheduled again after a failure. An API lists tasks in the state it is
// asked for, a page at a time: that listing takes nothing, and says
// nothing of which states are runnable.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Add(ctx context.Context, kind string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO tasks (kind, status) VALUES ($1, 'pending')`, kind)
	return err
}

func (s *Store) List(ctx context.Context, status string, n int) error {
	rows, err := s.pool.Query(ctx, `SELECT id, kind FROM tasks WHERE status = $1 ORDER BY id LIMIT $2`, status, n)
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}

func (s *Store) Take(ctx context.Context, id string) (kind string, err error) { // want Take:"claims jobs"
	err = s.pool.QueryRow(ctx, `UPDATE tasks SET status = 'running', tries = tries + 1
		WHERE id = $1 AND status IN ('pending', 'scheduled') RETURNING kind`, id).Scan(&kind)
	return kind, err
}

func (s *Store) Done(ctx context.Context, id string) error { // want Done:"completes jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'completed' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Later(ctx context.Context, id string) error { // want Later:"fails jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'scheduled', run_at = now() + interval '1 minute' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Bury(ctx context.Context, id string) error { // want Bury:"fails jobs"
	_, err := s.pool.Exec(ctx, `UPDATE tasks SET status = 'dead' WHERE id = $1 AND status = 'running'`, id)
	return err
}

// Cancel takes a task out of any state but an ended one: an outcome.
func (s *Store) Cancel(ctx context.Context, id string) error { // want Cancel:"fails jobs"
	var got string
	return s.pool.QueryRow(ctx, `UPDATE tasks SET status = 'cancelled' WHERE id = $1 AND status IN ('pending', 'scheduled', 'running') RETURNING id`, id).Scan(&got)
}
