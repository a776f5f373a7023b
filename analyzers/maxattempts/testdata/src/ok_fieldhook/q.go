// The worker sets a failed job back to queued, then hands it to a hook
// the application configures (which may bury it once its attempts run
// out) before saving it: what the field holds at the save is the hook's
// choice, out of sight, and nothing is guessed.
package ok_fieldhook

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Status   string
	Attempts int
}

type Store struct {
	pool      *pgxpool.Pool
	OnFailure func(*Job)
}

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
		j.Status = "queued"
		s.OnFailure(j)
		return s.save(ctx, j)
	}
	j.Status = "done"
	return s.save(ctx, j)
}
