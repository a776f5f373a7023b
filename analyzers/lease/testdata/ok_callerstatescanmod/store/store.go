// A store whose methods each run one statement, with no claim of its own:
// the worker, in another package, finds a job, then sets its status
// through UpdateStatus, which writes whatever state it is given.
package store

import (
	"context"
	"database/sql"
	"time"
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
	_, err := s.db.ExecContext(ctx, `INSERT INTO jobs (status, payload) VALUES ('pending', $1)`, payload)
	return err
}

func (s *Store) NextPending(ctx context.Context) (Job, error) {
	var j Job
	err := s.db.QueryRowContext(ctx, `SELECT id, payload FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// Stuck lists the running jobs untouched since the cutoff.
func (s *Store) Stuck(ctx context.Context, cutoff time.Time) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM jobs WHERE status = 'running' AND updated_at < $1`, cutoff)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
