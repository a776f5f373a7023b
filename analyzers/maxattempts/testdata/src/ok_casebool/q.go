// The bool the store binds into its CASE is the attempt comparison
// itself: a job that ran out of attempts is failed.
package ok_casebool

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

type Job struct {
	ID       int64
	Attempts int
	Payload  []byte
}

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (*Job, error) {
	var j Job
	err := s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts, payload`).Scan(&j.ID, &j.Attempts, &j.Payload)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

func (s *Store) Finish(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64, msg string, final bool) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN $3 THEN 'failed' ELSE 'pending' END, last_error = $2 WHERE id = $1`, id, msg, final)
	return err
}

func (s *Store) fail(ctx context.Context, j *Job, cause error) error {
	return s.Fail(ctx, j.ID, cause.Error(), j.Attempts >= maxAttempts)
}

func Work(ctx context.Context, s *Store, run func(context.Context, []byte) error) error {
	for {
		j, err := s.Claim(ctx)
		if err != nil {
			return err
		}
		if err := run(ctx, j.Payload); err != nil {
			_ = s.fail(ctx, j, err)
			continue
		}
		_ = s.Finish(ctx, j.ID)
	}
}
