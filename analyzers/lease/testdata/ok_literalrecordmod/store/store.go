// Package store keeps task records. Its INSERT binds the state from the
// task it is given: the state tasks are created in is set by whoever
// builds the task, in a package this one does not import.
package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"example.com/okliteralrecord/models"
)

type Store struct{ db *sqlx.DB }

func New(db *sqlx.DB) *Store { return &Store{db: db} }

// Create inserts the task with sqlx's named parameters, bound from its
// fields by their db tags.
func (s *Store) Create(ctx context.Context, t *models.Task) error {
	query := `INSERT INTO tasks (id, kind, status) VALUES (:id, :kind, :status)`
	_, err := s.db.NamedExecContext(ctx, query, t)
	return err
}

func (s *Store) Get(ctx context.Context, id int64) (*models.Task, error) {
	t := &models.Task{}
	err := s.db.GetContext(ctx, t, `SELECT * FROM tasks WHERE id = $1`, id)
	return t, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status models.Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE tasks SET status = $1, updated_at = now() WHERE id = $2`, status, id)
	return err
}
