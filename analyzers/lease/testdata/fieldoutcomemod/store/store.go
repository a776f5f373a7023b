// A store of task records: the worker marks a task processing through
// UpdateStatus, and writes its outcome with the rest of the row through
// UpdateAfterProcessing, whose state is the Status field its caller set.
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
	Kind     string
	Status   Status
	Attempts int
	Result   string
	Error    string
}

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Create(ctx context.Context, t *Task) error {
	return s.db.QueryRowContext(ctx, `INSERT INTO tasks (kind, status) VALUES ($1, 'pending') RETURNING id`, t.Kind).Scan(&t.ID)
}

func (s *Store) Get(ctx context.Context, id int64) (*Task, error) {
	t := &Task{}
	err := s.db.QueryRowContext(ctx, `SELECT id, kind, status, attempts FROM tasks WHERE id = $1`, id).Scan(&t.ID, &t.Kind, &t.Status, &t.Attempts)
	return t, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, updated_at = now() WHERE id = $2`, status, id)
	return err
}

func (s *Store) UpdateAfterProcessing(ctx context.Context, t *Task) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, attempts = $2, result = $3, error = $4, finished_at = now(), updated_at = now() WHERE id = $5`,
		t.Status, t.Attempts, t.Result, t.Error, t.ID)
	return err
}
