// Package store keeps evaluation records: UpdateStatus saves the Status
// field of the evaluation it is given, UpdateResult the outcome with it.
package store

import (
	"context"
	"database/sql"
)

type Status string

const (
	Queued     Status = "queued"
	Processing Status = "processing"
	Completed  Status = "completed"
	Failed     Status = "failed"
)

type Evaluation struct {
	ID      string
	Status  Status
	Summary string
	Error   string
}

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Create(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO evaluations (id, status) VALUES ($1, 'queued')`, id)
	return err
}

func (s *Store) Get(ctx context.Context, id string) (*Evaluation, error) {
	e := &Evaluation{}
	err := s.db.QueryRowContext(ctx, `SELECT id, status FROM evaluations WHERE id = $1`, id).Scan(&e.ID, &e.Status)
	return e, err
}

func (s *Store) UpdateStatus(ctx context.Context, e *Evaluation) error {
	_, err := s.db.ExecContext(ctx, `UPDATE evaluations SET status = $1, updated_at = now() WHERE id = $2`, e.Status, e.ID)
	return err
}

func (s *Store) UpdateResult(ctx context.Context, e *Evaluation) error {
	_, err := s.db.ExecContext(ctx, `UPDATE evaluations SET status = $1, summary = $2, error = $3, updated_at = now() WHERE id = $4`,
		e.Status, e.Summary, e.Error, e.ID)
	return err
}
