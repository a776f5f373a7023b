// A store whose claim spends an attempt, with its rescue split in two.
package ok_stuckstore

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' AND attempts < max_attempts ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) StuckJob(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '5 minutes' LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) Requeue(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1 AND status = 'processing'`, id)
	return err
}
