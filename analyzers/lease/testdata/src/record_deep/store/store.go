// Package store keeps the job records of a queue whose ids travel
// through Redis: a row per job, moved by key to the state its callers give.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Status is a job's state.
type Status string

const (
	StatusPending Status = "pending"
	StatusRunning Status = "running"
	StatusDone    Status = "done"
	StatusFailed  Status = "failed"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Create(ctx context.Context, kind string, payload []byte) (id string, err error) {
	err = s.pool.QueryRow(ctx, `INSERT INTO jobs (kind, payload, status) VALUES ($1, $2, 'pending') RETURNING id`, kind, payload).Scan(&id)
	return id, err
}

func (s *Store) Get(ctx context.Context, id string) (kind string, payload []byte, err error) {
	err = s.pool.QueryRow(ctx, `SELECT kind, payload FROM jobs WHERE id = $1`, id).Scan(&kind, &payload)
	return kind, payload, err
}

func (s *Store) SetStatus(ctx context.Context, id string, status Status) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $1, updated_at = now() WHERE id = $2`, status, id)
	return err
}
