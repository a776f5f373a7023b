// A store whose methods each run one statement: the worker, in another
// package, finds a job, then sets its status through UpdateStatus, which
// writes whatever state it is given.
package store

import (
	"context"
	"database/sql"
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

// NextLocked locks the row it reads, on the pool: the lock ends as the
// SELECT returns.
func (s *Store) NextLocked(ctx context.Context) (Job, error) {
	var j Job
	err := s.db.QueryRowContext(ctx, `SELECT id, payload FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (s *Store) UpdateStatus(ctx context.Context, id int64, status Status) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// NextPendingTx and UpdateStatusTx run on the transaction their caller
// gives them.
func NextPendingTx(ctx context.Context, tx *sql.Tx) (Job, error) {
	var j Job
	err := tx.QueryRowContext(ctx, `SELECT id, payload FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID, &j.Payload)
	return j, err
}

func UpdateStatusTx(ctx context.Context, tx *sql.Tx, id int64, status Status) error {
	_, err := tx.ExecContext(ctx, `UPDATE jobs SET status = $2, updated_at = now() WHERE id = $1`, id, status)
	return err
}

// Transition moves the job only from the state the caller names, and
// says whether it did: a compare-and-set.
func (s *Store) Transition(ctx context.Context, id int64, from, to Status) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = $3, updated_at = now() WHERE id = $1 AND status = $2`, id, from, to)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Reap puts back the jobs of workers that died.
func (s *Store) Reap(ctx context.Context) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE status = 'running' AND updated_at < now() - interval '10 minutes'`)
	return err
}
