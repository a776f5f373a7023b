// An exported store: its callers, in other packages, decide when to give up.
package ok_exported

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

func (s *Store) Retry(ctx context.Context, id int64) error { // want Retry:"retries\\(q.go:19\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
