// A store whose exported operations each do one thing: Retry always puts
// the job back, Fail always ends it. Which one runs is the caller's
// decision, in another package.
package xstore

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

func (s *Store) Retry(ctx context.Context, id int64) error { // want Retry:"retries\\(store.go:31\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}
