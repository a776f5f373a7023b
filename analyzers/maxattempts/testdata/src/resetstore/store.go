// A store whose Requeue puts the job it is given back, and whose
// StuckJob finds a job stuck in 'running': a rescuer that calls one with
// what the other returned reclaims; a worker that calls Requeue when a
// handler fails retries.
package resetstore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', updated_at = now() WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) StuckJob(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'running' AND updated_at < now() - interval '10 minutes' LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) Requeue(ctx context.Context, id int64) error { // want Requeue:"retries\\(store.go:32\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
