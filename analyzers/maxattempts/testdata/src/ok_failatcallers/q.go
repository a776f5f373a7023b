// The store's Fail is for its callers, out of sight, to call when a job's
// attempts run out; nothing here calls it. The requeue beside it gets the
// benefit of the doubt: the limit may well be theirs.
package ok_failatcallers

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s *Store) Fail(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (s *Store) requeue(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func (s *Store) Release(ctx context.Context, id int64, transient bool) error {
	if transient {
		return s.requeue(ctx, id)
	}
	return nil
}
