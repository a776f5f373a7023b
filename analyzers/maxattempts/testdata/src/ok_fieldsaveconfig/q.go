// The state a failed job is saved in comes from configuration: what the
// struct's field holds at the save is not known, and nothing is guessed.
package ok_fieldsaveconfig

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Status string
}

type Config struct {
	FailedStatus string
}

type Store struct {
	pool *pgxpool.Pool
	cfg  Config
}

func (s *Store) claim(ctx context.Context) (*Job, error) {
	j := &Job{}
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&j.ID)
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
		j.Status = s.cfg.FailedStatus
		return s.save(ctx, j)
	}
	j.Status = "done"
	return s.save(ctx, j)
}
