// A pipeline's store: a job runs stage after stage, and Advance puts it
// back in the queue for its next stage. Requeue puts a failed job back
// for another try. Both put the job back on every path: the callers,
// in another package, decide when.
package pipestore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Stage    string
	Attempts int
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (j Job, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, stage, attempts`).Scan(&j.ID, &j.Stage, &j.Attempts)
	return j, err
}

func (s *Store) Advance(ctx context.Context, id int64, next string) error { // want Advance:"retries\\(store.go:30\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', stage = $2 WHERE id = $1 AND status = 'running'`, id, next)
	return err
}

func (s *Store) Requeue(ctx context.Context, id int64) error { // want Requeue:"retries\\(store.go:35\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return err
}
