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
	_, err := s.db.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, string(status))
	return err
}

// Move binds both states, passed in a slice of arguments.
func (s *Store) Move(ctx context.Context, id int64, from, to Status) error {
	args := []any{id, from, to}
	_, err := s.db.Exec(ctx, `UPDATE jobs SET status = $3 WHERE id = $1 AND status = $2`, args...)
	return err
}

// Note binds a text no caller gives as a constant.
func (s *Store) Note(ctx context.Context, id int64, note string) error {
	_, err := s.db.Exec(ctx, `UPDATE jobs SET note = $2 WHERE id = $1`, id, note)
	return err
}

// Count binds nothing a caller gives.
func (s *Store) Count(ctx context.Context, limit int) error {
	_, err := s.db.Exec(ctx, `SELECT count(*) FROM jobs`)
	return err
}
