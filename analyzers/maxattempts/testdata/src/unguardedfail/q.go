// There is a 'failed' state, but only for unknown kinds: attempts never lead there.
package unguardedfail

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func handle(ctx context.Context, pool *pgxpool.Pool, id int64, known bool, err error) error {
	if !known {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', last_error = 'unknown kind' WHERE id = $1`, id)
		return err
	}
	if err != nil {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
		return err
	}
	return nil
}
