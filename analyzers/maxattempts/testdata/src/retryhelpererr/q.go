// A helper that picks the retry's time by the error, not by the attempts:
// the job is retried for ever, sooner or later.
package retryhelpererr

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

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
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = $2 WHERE id = $1`, id, at) // want `this retry puts the job back with no limit`
	return err
}

var errThrottled = errors.New("throttled")

func nextRun(err error, attempt int) time.Time {
	if errors.Is(err, errThrottled) {
		return time.Now().Add(time.Hour)
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
			if err := s.ScheduleRetry(ctx, j.ID, nextRun(err, j.Attempt)); err != nil {
				log.Printf("job %d: %v", j.ID, err)
			}
		}
	}
}
