// The review's fix: the failure runs when the attempts reach the limit.
package ok_go

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MaxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, cause string) error {
	if attempts >= MaxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', last_error = $2 WHERE id = $1`, id, cause)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', last_error = $2 WHERE id = $1`, id, cause)
	return err
}
