// NULL as the state: a failed job's lock is cleared by id, with no limit.
package nullstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now() WHERE id = (
		SELECT id FROM jobs WHERE locked_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func release(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL, tries = tries + 1 WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
