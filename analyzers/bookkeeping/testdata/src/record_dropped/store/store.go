// A store of task records: UpdateStatus moves a task to the state its
// caller gives, UpdateAfterProcessing writes the whole outcome, its state
// the Status field its caller set.
package store

import (
	"context"
	"database/sql"
)

type Status string

const (
	StatusPending    Status = "pending"
	StatusProcessing Status = "processing"
	StatusCompleted  Status = "completed"
	StatusFailed     Status = "failed"
)

type Task struct {
	ID       int64
	Status   Status
	Attempts int
	Result   string
	Error    string
}

type Store struct{ db *sql.DB }

func (s *Store) Create(ctx context.Context, kind string) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `INSERT INTO tasks (kind, status) VALUES ($1, 'pending') RETURNING id`, kind).Scan(&id)
	return id, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, updated_at = now() WHERE id = $2`, status, id)
	return err
}

func (s *Store) UpdateAfterProcessing(ctx context.Context, t *Task) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, attempts = $2, result = $3, error = $4, updated_at = now() WHERE id = $5`,
		t.Status, t.Attempts, t.Result, t.Error, t.ID)
	return err
}
