// The limit decides the retry's time, not whether it runs: past the limit
// the job is parked a century ahead for an operator to look at, and one
// ScheduleRetry call serves both cases. Every call of ScheduleRetry passes
// such a time.
package ok_parkdelay

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

func backoff(attempt int) time.Duration { return time.Duration(attempt*attempt) * time.Second }

func Loop(ctx context.Context, s *Store, handle func(Job) error) {
	for ctx.Err() == nil {
		j, err := s.Next(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := handle(j); err != nil {
			delay := backoff(j.Attempt)
			if j.Attempt >= maxAttempts {
				delay = 100 * 365 * 24 * time.Hour // parked for an operator
			}
			if err := s.ScheduleRetry(ctx, j.ID, time.Now().Add(delay)); err != nil {
				log.Printf("job %d: %v", j.ID, err)
			}
		}
	}
}

// Sweep parks a job the same way in its own function, with an if-else.
func (s *Store) Sweep(ctx context.Context, j Job) error {
	var at time.Time
	if j.Attempt < maxAttempts {
		at = time.Now().Add(backoff(j.Attempt))
	} else {
		at = time.Now().AddDate(100, 0, 0)
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, j.ID, at)
	return err
}
