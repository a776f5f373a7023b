// The store's Retry fails the job for good when its caller says this was
// the last attempt, and puts it back otherwise: the caller decides, with
// the value it passes.
package xstoreparam

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s *Store) Retry(ctx context.Context, id int64, last bool) error { // want Retry:"retries\\(store.go:25\\)"
	if last {
		_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

// Release puts the job back when its caller says to retry it, and fails it
// for good otherwise.
func (s *Store) Release(ctx context.Context, id int64, retry bool) error { // want Release:"retries\\(store.go:36\\)"
	if !retry {
		_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
