package callerspread // want package:"queues\\(public.jobs\\)"

// A store that passes its parameters as a slice (args...), whose callers,
// in another package, choose the state it writes.

import (
	"context"
	"database/sql"
)

type Status string

const (
	Done   Status = "done"
	Failed Status = "failed"
)

type Store struct{ db *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

// SetStatus writes the state its caller gives: one view per state.
func (s *Store) SetStatus(ctx context.Context, id int64, status Status) error { // want SetStatus:"completes jobs, fails jobs, writes outcomes, returns a write's error"
	args := []any{status, id}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2 AND status = 'running'`, args...)
	return err
}

// Note records a text its caller gives: no statement compares last_error
// with a constant, so what the callers pass there changes no role.
func (s *Store) Note(ctx context.Context, id int64, msg string) error {
	args := []any{msg, id}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET last_error = $1 WHERE id = $2`, args...)
	return err
}

// Close writes the caller's state, but a job past its deadline fails
// whatever the caller says: the slice's first element is not one value,
// and the statement is left as it is.
func (s *Store) Close(ctx context.Context, id int64, status Status, late bool) error {
	args := []any{status, id}
	if late {
		args = []any{Failed, id}
	}
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2 AND status = 'running'`, args...)
	return err
}
