// A store whose jobs are runnable while locked_at is NULL; its take
// re-checks that, a compare-and-set whose result the store checks.
package splitnull

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Store struct{ pool *pgxpool.Pool }

func (s *Store) Enqueue(ctx context.Context, payload []byte) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO jobs (payload) VALUES ($1)`, payload)
	return err
}

func (s *Store) Next(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE locked_at IS NULL ORDER BY id LIMIT 1`).Scan(&id)
	return id, err
}

func (s *Store) Lock(ctx context.Context, id int64) error {
	tag, err := s.pool.Exec(ctx, `UPDATE jobs SET locked_at = now() WHERE id = $1 AND locked_at IS NULL`, id)
	if err == nil && tag.RowsAffected() == 0 {
		return errors.New("taken by another worker")
	}
	return err
}
