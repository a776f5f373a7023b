// A store saves the job struct it is given: the state is whatever the
// caller set in the struct's field before the call. The worker sets the
// job back to queued on every failure, with no attempt limit anywhere.
package fieldsave

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
)

type Job struct {
	ID      int64
	Status  Status
	LastErr string
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) claim(ctx context.Context) (*Job, error) {
	j := &Job{}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&j.ID)
	return j, err
}

func (s *Store) save(ctx context.Context, j *Job) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2, last_error = $3 WHERE id = $1`, j.ID, j.Status, j.LastErr) // want `this retry puts the job back with no limit`
	return err
}

func (s *Store) Work(ctx context.Context, run func(*Job) error) error {
	j, err := s.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(j); err != nil {
		j.Status = Queued
		j.LastErr = err.Error()
		return s.save(ctx, j)
	}
	j.Status = Done
	return s.save(ctx, j)
}
