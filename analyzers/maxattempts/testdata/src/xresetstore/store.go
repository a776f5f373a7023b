// A store whose RetryNow puts a job back with its count set to 0: the
// query behind an admin's "retry" button. Whether that is a requeue by
// hand or a retry that never reaches the limit is its callers' business.
package xresetstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (j Job, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (s *Store) Backoff(ctx context.Context, id int64) error { // want Backoff:"retries\\(store.go:36\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', run_at = now() + interval '1 minute' WHERE id = $1`, id)
	return err
}

func (s *Store) RetryNow(ctx context.Context, id int64) error { // want RetryNow:"resets attempts\\(store.go:41\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0, run_at = now() WHERE id = $1`, id)
	return err
}
