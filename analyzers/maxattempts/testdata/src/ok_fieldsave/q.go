// A store saves the job struct it is given: the worker sets the job back
// to queued below the attempt limit, failed at it, and done on success.
package ok_fieldsave

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
	Failed  Status = "failed"
)

const maxAttempts = 5

type Job struct {
	ID       int64
	Status   Status
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) claim(ctx context.Context) (*Job, error) {
	j := &Job{}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (s *Store) save(ctx context.Context, j *Job) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, j.ID, j.Status)
	return err
}

func (s *Store) Work(ctx context.Context, run func(*Job) error) error {
	j, err := s.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(j); err != nil {
		if j.Attempts >= maxAttempts {
			j.Status = Failed
		} else {
			j.Status = Queued
		}
		return s.save(ctx, j)
	}
	j.Status = Done
	return s.save(ctx, j)
}
