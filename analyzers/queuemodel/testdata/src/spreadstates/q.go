package spreadstates // want package:"queues\\(public.tasks\\)"

// A store that passes its parameters as a slice (args...), as code does
// that picks a query and its arguments together: the states are typed
// constants of another package, given to helpers' parameters by this
// package's calls, or chosen with the text.

import (
	"context"
	"database/sql"
	"time"

	"spreadstates/tasks"
)

type Store struct{ db *sql.DB }

func (s *Store) Enqueue(ctx context.Context, payload string) error {
	args := []any{payload, tasks.Pending}
	_, err := s.db.ExecContext(ctx, `INSERT INTO tasks (payload, status, updated_at) VALUES ($1, $2, now())`, args...)
	return err
}

func (s *Store) Next(ctx context.Context) (id int64, err error) { // want Next:"claims jobs"
	args := []any{tasks.Running, tasks.Pending}
	err = s.db.QueryRowContext(ctx, `UPDATE tasks SET status = $1, updated_at = now()
		WHERE id = (SELECT id FROM tasks WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, args...).Scan(&id)
	return id, err
}

// Finish picks the outcome's text and its arguments together.
func (s *Store) Finish(ctx context.Context, id int64, runErr error) error { // want Finish:"completes jobs, fails jobs, writes outcomes, returns a write's error"
	query, args := `UPDATE tasks SET status = $1, updated_at = now() WHERE id = $2`, []any{tasks.Done, id}
	if runErr != nil {
		query, args = `UPDATE tasks SET status = $1, last_error = $3, updated_at = now() WHERE id = $2`, []any{tasks.Failed, id, runErr.Error()}
	}
	_, err := s.db.ExecContext(ctx, query, args...)
	return err
}

// Requeue and Cancel hand their state to a helper that binds it in a slice.
func (s *Store) Requeue(ctx context.Context, id int64) error { // want Requeue:"fails jobs, returns a write's error"
	return s.move(ctx, id, tasks.Pending)
}

func (s *Store) Cancel(ctx context.Context, id int64) error { // want Cancel:"fails jobs, returns a write's error"
	return s.move(ctx, id, tasks.Failed)
}

func (s *Store) move(ctx context.Context, id int64, to tasks.Status) error { // want move:"fails jobs, writes outcomes, returns a write's error"
	args := []any{to, id}
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, updated_at = now() WHERE id = $2 AND status = 'running'`, args...)
	return err
}

// Waiting and Stuck list tasks by a state their helper binds in either
// of two texts.
func (s *Store) Waiting(ctx context.Context) ([]int64, error) {
	return s.inState(ctx, tasks.Pending, 0)
}

func (s *Store) Stuck(ctx context.Context) ([]int64, error) {
	return s.inState(ctx, tasks.Running, 10*time.Minute)
}

func (s *Store) inState(ctx context.Context, status tasks.Status, olderThan time.Duration) ([]int64, error) {
	var query string
	var args []any
	if olderThan > 0 {
		query = `SELECT id FROM tasks WHERE status = $1 AND updated_at < $2 ORDER BY id`
		args = []any{status, time.Now().Add(-olderThan)}
	} else {
		query = `SELECT id FROM tasks WHERE status = $1 ORDER BY id`
		args = []any{status}
	}
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Close binds the state in one text and a reason its caller gives in the
// other: only the first text's $1 is a state.
func (s *Store) Close(ctx context.Context, id int64, reason string) error { // want Close:"completes jobs, fails jobs, writes outcomes, returns a write's error"
	query, args := `UPDATE tasks SET status = $1 WHERE id = $2 AND status = 'running'`, []any{tasks.Done, id}
	if reason != "" {
		query, args = `UPDATE tasks SET last_error = $1, status = 'failed' WHERE id = $2 AND status = 'running'`, []any{reason, id}
	}
	_, err := s.db.ExecContext(ctx, query, args...)
	return err
}
