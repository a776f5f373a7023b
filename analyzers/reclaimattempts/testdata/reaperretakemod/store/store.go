// A claim that also takes back expired jobs, beside a janitor that does
// the same: the claim is reported once, as the reclaim it is.
package store

import (
	"context"
	"database/sql"
)

type Store struct{ DB *sql.DB }

const claim = `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
	WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	RETURNING id, payload`

func (s *Store) Claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = s.DB.QueryRowContext(ctx, claim).Scan(&id, &payload) // want `this claim also takes back jobs whose lease expired and counts their attempts, but never compares them with a limit`
	return id, payload, err
}

func (s *Store) Done(ctx context.Context, id int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}
