// The claim records the worker and when it took the job. The way back is
// a sweeper in a package of its own, which this one does not import: it
// lists the running jobs and puts back each one whose worker's heartbeat
// (kept outside the database) is gone. No SQL compares a time: the
// decision is taken in Go.
package ok_heartbeatsweeper

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Worker string
}

type Store struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *Store { return &Store{pool: pool} }

func (s *Store) Enqueue(ctx context.Context, payload string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'queued')`, payload)
	return err
}

func (s *Store) Claim(ctx context.Context, worker string) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1, claimed_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// ListRunning lists the running jobs and the workers that hold them.
func (s *Store) ListRunning(ctx context.Context) ([]Job, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[Job])
}

// Requeue puts a job back in the queue.
func (s *Store) Requeue(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1`, id)
	return err
}
