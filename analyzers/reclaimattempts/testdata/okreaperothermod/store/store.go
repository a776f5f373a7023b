// A claim that counts attempts, which nothing compares with a limit, and
// other packages' UPDATEs that put jobs back to 'queued' without being a
// reclaim: an operator's requeue of one job, a sweep that retries failed
// jobs, and a test's setup. None returns jobs whose lease expired.
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

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}
