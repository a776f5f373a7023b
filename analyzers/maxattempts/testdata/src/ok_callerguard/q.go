// The store's helpers write the outcome; the worker decides, in the same
// package, with the attempt count.
package ok_callerguard

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type store struct{ pool *pgxpool.Pool }

func (s *store) claim(ctx context.Context) (id int64, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s *store) retry(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func (s *store) bury(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (s *store) failed(ctx context.Context, id int64, attempts int) error {
	if attempts >= 5 {
		return s.bury(ctx, id)
	}
	return s.retry(ctx, id)
}
