// The retry takes the limit as a parameter and never reads it: the
// parameter of a function with a body is a declared limit like any other.
// (Its interface, whose method has no body, is not.)
package limitparam

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type retrier interface {
	retry(ctx context.Context, id int64, attempts, maxAttempts int) error
}

type store struct{ pool *pgxpool.Pool }

func (s store) claim(ctx context.Context) (id int64, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (s store) retry(ctx context.Context, id int64, attempts, maxAttempts int) error { // want `maxAttempts is declared but no decision reads it`
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1 WHERE id = $1`, id)
	return err
}
