package store

import "context"

type Status string

const (
	StatusQueued  Status = "queued"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

type DB interface {
	Exec(ctx context.Context, sql string, args ...any) (any, error)
}

type Store struct{ db DB }

// SetStatus binds its third parameter.
func (s *Store) SetStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, status)
	return err
}

// Finish binds its third parameter.
func (s *Store) Finish(ctx context.Context, id int64, status Status) error {
	_, err := s.db.Exec(ctx, `UPDATE jobs SET status = $2, finished_at = now() WHERE id = $1`, id, status)
	return err
}

// Transition binds its state; the variadic names of columns to clear are
// never bound.
func (s *Store) Transition(ctx context.Context, id int64, to Status, clear ...string) error {
	_, err := s.db.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, to)
	return err
}

// Record binds its third parameter; the audit log's Record, of the same
// name and arity, is variadic.
func (s *Store) Record(ctx context.Context, id int64, status Status) error {
	_, err := s.db.Exec(ctx, `UPDATE jobs SET recorded = $2 WHERE id = $1`, id, status)
	return err
}
