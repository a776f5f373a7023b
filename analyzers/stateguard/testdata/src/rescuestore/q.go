// A store whose rescue is split over two methods that a worker in
// another package calls in turn: StuckJob finds a stuck job, ResetJob puts
// the job it is given back.
package rescuestore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Complete(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (s *Store) StuckJob(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute' LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) LockStuckJob(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func (s *Store) ResetJob(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'pending', updated_at = now() WHERE id = $1`, id)
	return err
}

func (s *Store) ResetIfStuck(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'pending', updated_at = now() WHERE id = $1 AND status = 'processing'`, id)
	return err
}
