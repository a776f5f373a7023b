// A store whose poll locks its row, on the pool: the lock is gone when the
// SELECT returns.
package splitlocked

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Next(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE`).Scan(&id)
	return id, err
}

func (s *Store) MarkRunning(ctx context.Context, id int64) error {
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func (s *Store) Enqueue(ctx context.Context) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (status) VALUES ('queued')`)
	return err
}
