package takenbykey // want package:"queues\\(public.jobs\\)"

// The ids come from elsewhere (a channel fed by Redis, LISTEN payloads):
// no statement polls jobs. A worker takes each job by a compare-and-set.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	statusPending   = "pending"
	statusRunning   = "running"
	statusCompleted = "completed"
	statusFailed    = "failed"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Enqueue(ctx context.Context, id, payload string) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (id, payload, status) VALUES ($1, $2, 'pending')`, id, payload)
	return err
}

// Cancel takes a job that has not started out of the queue: an outcome.
func (s *Store) Cancel(ctx context.Context, id string) (bool, error) { // want Cancel:"fails jobs"
	var got string
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'cancelled' WHERE id = $1 AND status = 'pending' RETURNING id`, id).Scan(&got)
	return err == nil, err
}

// Pause holds a running job by key: it takes nothing from the state jobs
// are created in.
func (s *Store) Pause(ctx context.Context, id string) (payload string, err error) { // want Pause:"completes jobs, writes outcomes"
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'paused' WHERE id = $1 AND status = 'running' RETURNING payload`, id).Scan(&payload)
	return payload, err
}

func (s *Store) Start(ctx context.Context, id string) (payload string, err error) { // want Start:"claims jobs"
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = $1, started_at = now(), attempts = attempts + 1
		WHERE id = $2 AND status = $3 RETURNING payload`, statusRunning, id, statusPending).Scan(&payload)
	return payload, err
}

func (s *Store) Complete(ctx context.Context, id string) error { // want Complete:"completes jobs"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $1, finished_at = now() WHERE id = $2`, statusCompleted, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id, msg string) error { // want Fail:"fails jobs, writes outcomes"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $1, error = $2 WHERE id = $3`, statusFailed, msg, id)
	return err
}

func (s *Store) Get(ctx context.Context, id string) (status string, err error) {
	err = s.pool.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status)
	return status, err
}
