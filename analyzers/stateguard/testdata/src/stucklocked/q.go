// The scan locks the stuck job it finds, but on the pool: the lock is
// released when the SELECT returns, before the helper's UPDATE runs.
package stucklocked

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'processing', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) stuck(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func (s *Store) reset(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id) // want `runs a second time; the SELECT's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns`
	return err
}

func (s *Store) Rescue(ctx context.Context) error {
	id, err := s.stuck(ctx)
	if err != nil {
		return err
	}
	return s.reset(ctx, id)
}
