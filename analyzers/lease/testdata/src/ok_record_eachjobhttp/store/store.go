// Package store keeps a row per job, saved whole from the Job the service
// moves from state to state; a dashboard counts the jobs in a state.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type State string

const (
	StateQueued    State = "queued"
	StateRunning   State = "running"
	StateSucceeded State = "succeeded"
	StateDead      State = "dead"
)

type Job struct {
	ID       string
	Kind     string
	State    State
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Create(ctx context.Context, kind string) (string, error) {
	var id string
	err := s.pool.QueryRow(ctx, `INSERT INTO jobs (kind, state) VALUES ($1, 'queued') RETURNING id`, kind).Scan(&id)
	return id, err
}

func (s *Store) Get(ctx context.Context, id string) (*Job, error) {
	j := &Job{ID: id}
	err := s.pool.QueryRow(ctx, `SELECT kind, state, attempts FROM jobs WHERE id = $1`, id).Scan(&j.Kind, &j.State, &j.Attempts)
	return j, err
}

func (s *Store) Update(ctx context.Context, j *Job) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET state = $1, attempts = $2 WHERE id = $3`, j.State, j.Attempts, j.ID)
	return err
}

// Count is the dashboard's: how many jobs are in a state.
func (s *Store) Count(ctx context.Context, state State) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state = $1`, state).Scan(&n)
	return n, err
}
