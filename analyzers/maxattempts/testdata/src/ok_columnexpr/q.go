// The limit column is read through an expression (a NULL means no
// retries), and compared in Go.
package ok_columnexpr

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func finishFailed(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var attempts, maxAttempts int
	if err := pool.QueryRow(ctx, `SELECT attempts, COALESCE(max_attempts, 0) FROM jobs WHERE id = $1`, id).Scan(&attempts, &maxAttempts); err != nil {
		return err
	}
	if attempts < maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}
