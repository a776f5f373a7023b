// Every job is created pending by one constructor and inserted by a
// helper that binds the struct's field; the failure path writes failed
// into another job's field elsewhere. Failed is no state jobs are created
// in: the failure is terminal, not a retry.
package ok_fieldcreate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type status string

const (
	pending status = "pending"
	running status = "running"
	done    status = "done"
	failed  status = "failed"
)

type job struct {
	id     string
	status status
	err    string
}

type store struct{ pool *pgxpool.Pool }

func newJob(id string) *job {
	return &job{id: id, status: pending}
}

func (s *store) insert(ctx context.Context, j *job) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (id, status) VALUES ($1, $2)`, j.id, j.status)
	return err
}

func (s *store) Enqueue(ctx context.Context, id string) error {
	return s.insert(ctx, newJob(id))
}

func (s *store) claim(ctx context.Context) (*job, error) {
	j := &job{}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&j.id)
	return j, err
}

func (s *store) finish(ctx context.Context, j *job) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2, error = $3 WHERE id = $1`, j.id, j.status, j.err)
	return err
}

func (s *store) Work(ctx context.Context, run func(string) error) error {
	j, err := s.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(j.id); err != nil {
		j.status, j.err = failed, err.Error()
		return s.finish(ctx, j)
	}
	j.status = done
	return s.finish(ctx, j)
}
