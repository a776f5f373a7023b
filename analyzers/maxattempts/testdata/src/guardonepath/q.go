// The attempts are compared on one path only (jobs with a priority); every
// other failed job is put back for ever.
package guardonepath

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts, priority int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts, priority`).Scan(&id, &attempts, &priority)
	return id, attempts, priority, err
}

func onFailure(ctx context.Context, pool *pgxpool.Pool, id int64, attempts, priority int) error {
	if priority > 0 {
		if attempts >= maxAttempts {
			_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
			return err
		}
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, priority, err := claim(ctx, pool)
		if err == nil && handle(id) != nil {
			onFailure(ctx, pool, id, attempts, priority)
		}
	}
}
