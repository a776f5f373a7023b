// Package store claims the next pending job with a lease, and moves a
// job by key to the state and count its caller gives.
package store

import (
	"context"
	"database/sql"
)

type Status string

const (
	Pending    Status = "pending"
	Processing Status = "processing"
	Completed  Status = "completed"
	Failed     Status = "failed"
)

type Job struct {
	ID      int64
	Retries int
}

type Store struct{ db *sql.DB }

func (s *Store) Add(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO jobs (status) VALUES ('pending')`)
	return err
}

func (s *Store) Claim(ctx context.Context) (j Job, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'claimed', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, retries`).Scan(&j.ID, &j.Retries)
	return j, err
}

func (s *Store) Reclaim(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'claimed' AND locked_until < now()`)
	return err
}

func (s *Store) SetStatus(ctx context.Context, id int64, status Status, retries int) error { // want SetStatus:"record write public.jobs.status = arg 2 by arg 1"
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $1, retries = $2, updated_at = now() WHERE id = $3`, status, retries, id)
	return err
}
