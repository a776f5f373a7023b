// A store whose claim counts no attempt, and whose rescue is split over
// two methods a worker in another package calls in turn.
package stuckstore

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

func (s *Store) StuckJob(ctx context.Context) (id int64, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '5 minutes' LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) Requeue(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) RequeueCounted(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, `UPDATE jobs SET status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'pending' END, attempts = attempts + 1
		WHERE id = $1 AND status = 'processing'`, id)
	return err
}
