// Package store keeps jobs: Update writes a whole row from the fields of
// the job it is given, its state among them; ListRunnable reads queued
// rows that are due, and running rows untouched for fifteen minutes.
package store

import (
	"context"
	"database/sql"
	"time"
)

type State string

const (
	StateQueued  State = "queued"
	StateRunning State = "running"
	StateDone    State = "done"
	StateFailed  State = "failed"
)

type Job struct {
	ID        int64
	Name      string
	State     State
	Attempts  int
	Payload   []byte
	LastError string
	RunAt     time.Time
}

type Store struct{ db *sql.DB }

func New(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) Create(ctx context.Context, j *Job) error {
	return s.db.QueryRowContext(ctx, `INSERT INTO jobs (name, state, payload, run_at) VALUES ($1, $2, $3, $4) RETURNING id`, j.Name, StateQueued, j.Payload, j.RunAt).Scan(&j.ID)
}

func (s *Store) Get(ctx context.Context, id int64) (*Job, error) {
	j := &Job{}
	err := s.db.QueryRowContext(ctx, `SELECT id, name, state, attempts, payload, run_at FROM jobs WHERE id = $1`, id).Scan(&j.ID, &j.Name, &j.State, &j.Attempts, &j.Payload, &j.RunAt)
	return j, err
}

func (s *Store) Update(ctx context.Context, j *Job) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET name = $2, state = $3, attempts = $4, payload = $5, last_error = $6, run_at = $7, updated_at = now() WHERE id = $1`,
		j.ID, j.Name, j.State, j.Attempts, j.Payload, j.LastError, j.RunAt)
	return err
}

func (s *Store) ListRunnable(ctx context.Context, limit int) ([]*Job, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, name, state, attempts, payload, run_at FROM jobs WHERE (state = $1 AND run_at <= now()) OR (state = $2 AND updated_at < now() - interval '15 minutes') ORDER BY run_at LIMIT $3`,
		StateQueued, StateRunning, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*Job
	for rows.Next() {
		j := &Job{}
		if err := rows.Scan(&j.ID, &j.Name, &j.State, &j.Attempts, &j.Payload, &j.RunAt); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}
