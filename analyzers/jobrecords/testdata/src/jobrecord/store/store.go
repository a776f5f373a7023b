package store

import (
	"context"
	"database/sql"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
	Failed  Status = "failed"
)

type Store struct{ db *sql.DB }

func (s *Store) Add(ctx context.Context, kind string) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `INSERT INTO jobs (kind, status) VALUES ($1, 'queued') RETURNING id`, kind).Scan(&id)
	return id, err
}

func (s *Store) Set(ctx context.Context, id int64, status Status) error { // want Set:"record write public.jobs.status = arg 2 by arg 1"
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, id)
	return err
}

// Touch moves no state: no record write.
func (s *Store) Touch(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET updated_at = now() WHERE id = $1`, id)
	return err
}
