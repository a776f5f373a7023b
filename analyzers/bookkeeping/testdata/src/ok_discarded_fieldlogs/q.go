// The store's save logs a failed write itself and returns no error of
// it: a caller that drops the result of the save that marks the job done
// loses nothing.
package ok_discarded_fieldlogs

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
	if _, err := s.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, j.ID, j.Status); err != nil {
		log.Printf("job %d: save %s: %v", j.ID, j.Status, err)
	}
	return nil
}

func (s *Store) Work(ctx context.Context, run func(*Job) error) {
	j, err := s.claim(ctx)
	if err != nil {
		return
	}
	if err := run(j); err != nil {
		j.Status = "failed"
		s.save(ctx, j)
		return
	}
	j.Status = "done"
	s.save(ctx, j)
}
