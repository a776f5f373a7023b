// One store method saves the job the worker hands it, in whatever state
// the worker set in its field. The success path checks the save that
// marks the job done; the call that drops its error writes a progress
// state between two steps of the work, which records no outcome.
package ok_discarded_fieldfail

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID     int64
	Status string
}

type Store struct{ pool *pgxpool.Pool }

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

func (s *Store) Work(ctx context.Context, fetch, render func(*Job) error) {
	j, err := s.claim(ctx)
	if err != nil {
		return
	}
	if err := fetch(j); err != nil {
		j.Status = "failed"
		if err := s.save(ctx, j); err != nil {
			log.Printf("job %d: record failure: %v", j.ID, err)
		}
		return
	}
	j.Status = "rendering"
	s.save(ctx, j)
	if err := render(j); err != nil {
		j.Status = "failed"
		if err := s.save(ctx, j); err != nil {
			log.Printf("job %d: record failure: %v", j.ID, err)
		}
		return
	}
	j.Status = "done"
	if err := s.save(ctx, j); err != nil {
		log.Printf("job %d: record success: %v", j.ID, err)
	}
}
