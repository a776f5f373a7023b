// Package store lists pending jobs, unlocked, and moves a job by key to
// the state and count its caller gives: no claim of its own.
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

func (s *Store) Pending(ctx context.Context) ([]Job, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, retries FROM jobs WHERE status = $1 ORDER BY id LIMIT 10`, Pending)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.Retries); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func (s *Store) SetStatus(ctx context.Context, id int64, status Status, retries int) error { // want SetStatus:"record write public.jobs.status = arg 2 by arg 1"
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $1, retries = $2, updated_at = now() WHERE id = $3`, status, retries, id)
	return err
}
