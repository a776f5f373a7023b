// A store whose Next says with a bool whether it found a job, and whose
// Retry always puts the job back. Exhausted decides by the attempts.
package xnextstore

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Next(ctx context.Context) (Job, bool, error) { // want Next:"countfree"
	var j Job
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return Job{}, false, nil
	}
	if err != nil {
		return Job{}, false, err
	}
	return j, true, nil
}

// Exhausted compares the attempts: no CountFree.
func (s *Store) Exhausted(j Job) bool { return j.Attempts >= 5 }

// HasRoom orders a count named otherwise: no CountFree.
func (s *Store) HasRoom(failures int) bool { return failures < 3 }

// Fresh orders durations: CountFree.
func (s *Store) Fresh(age, ttl time.Duration) bool { return age < ttl } // want Fresh:"countfree"

// Due's bool comes from a function value: no CountFree.
func (s *Store) Due(check func() bool) bool { return check() }

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Retry(ctx context.Context, id int64) error { // want Retry:"retries\\(store.go:52\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}
