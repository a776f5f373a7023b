// One store method saves the job the worker hands it, in whatever state
// the worker set in its field: the success path drops the error of the
// save that marks the job done.
package discarded_fieldsave

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

func (s *Store) Work(ctx context.Context, run func(*Job) error) {
	j, err := s.claim(ctx)
	if err != nil {
		return
	}
	if err := run(j); err != nil {
		j.Status = "failed"
		if err := s.save(ctx, j); err != nil {
			log.Printf("job %d: record failure: %v", j.ID, err)
		}
		return
	}
	j.Status = "done"
	s.save(ctx, j) // want `the error of this completion is discarded`
}
