// The attempt count decides a value, but not one the retry is given: the
// note is only logged, and the job is put back for ever.
package retrynote

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 8

type Job struct {
	ID      int64
	Attempt int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Next(ctx context.Context) (j Job, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempt)
	return j, err
}

func (s *Store) ScheduleRetry(ctx context.Context, id int64, at time.Time, note string) error {
	log.Printf("job %d: %s", id, note)
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, id, at) // want `this retry puts the job back with no limit`
	return err
}

func Loop(ctx context.Context, s *Store, handle func(Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := handle(j); err != nil {
			note := "retrying"
			if j.Attempt >= maxAttempts {
				note = "over the limit, retrying anyway"
			}
			if err := s.ScheduleRetry(ctx, j.ID, time.Now().Add(time.Minute), note); err != nil {
				log.Printf("job %d: %v", j.ID, err)
			}
		}
	}
}
