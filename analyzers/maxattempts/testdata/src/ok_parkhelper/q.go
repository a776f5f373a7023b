// The limit decides the retry's time in a helper of its own: past the
// limit nextRun returns a time a century ahead, where the job is parked
// for an operator, and one ScheduleRetry call serves both cases.
package ok_parkhelper

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

func (s *Store) ScheduleRetry(ctx context.Context, id int64, at time.Time) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, id, at)
	return err
}

func nextRun(attempt, max int) time.Time {
	if attempt >= max {
		return time.Now().AddDate(100, 0, 0)
	}
	return time.Now().Add(backoff(attempt))
}

func backoff(attempt int) time.Duration { return time.Duration(attempt*attempt) * time.Second }

func Loop(ctx context.Context, s *Store, handle func(Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := handle(j); err != nil {
			if err := s.ScheduleRetry(ctx, j.ID, nextRun(j.Attempt, maxAttempts)); err != nil {
				log.Printf("job %d: %v", j.ID, err)
			}
		}
	}
}
