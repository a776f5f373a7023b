// A store with no claim of its own: nothing in it says which of the
// states its callers give UpdateStatus is the one jobs are worked in.
package plainstore

import (
	"context"
	"database/sql"
)

type Status string

const (
	StatusPending Status = "pending"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

type Job struct {
	ID      int64
	Payload []byte
}

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Enqueue(ctx context.Context, payload []byte) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO plain_jobs (status, payload) VALUES ('pending', $1)`, payload)
	return err
}

func (s *Store) NextPending(ctx context.Context) (Job, error) {
	var j Job
	err := s.db.QueryRowContext(ctx, `SELECT id, payload FROM plain_jobs WHERE status = 'pending' ORDER BY id LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE plain_jobs SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}
