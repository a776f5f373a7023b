// A store whose claim counts attempts; the worker, in another package,
// reads the count and fails the job at the limit before running it, so a
// job that the janitor takes back from a dead worker stops at the limit.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

const claim = `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
	WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id, payload`

func (s *Store) Claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = s.DB.QueryRowContext(ctx, claim).Scan(&id, &payload)
	return id, payload, err
}

func (s *Store) Attempts(ctx context.Context, id int64) (n int, err error) {
	err = s.DB.QueryRowContext(ctx, `SELECT attempts FROM jobs WHERE id = $1`, id).Scan(&n)
	return n, err
}

func (s *Store) Finish(ctx context.Context, id int64, status string) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = $2, locked_until = NULL WHERE id = $1 AND status = 'running'`, id, status)
	return err
}
