// An exported store whose retry only its own tests call: the callers that
// decide when to give up are elsewhere.
package ok_exportedtested

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

func (s *Store) Requeue(ctx context.Context, id int64) error { // want Requeue:"retries\\(q.go:20\\)"
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
