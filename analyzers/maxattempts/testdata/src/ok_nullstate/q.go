// NULL as the state: a failed job goes back to the queue only while it has
// attempts left; the poll skips the ones that have none.
package ok_nullstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now(), attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE locked_at IS NULL AND attempts < max_attempts ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL WHERE id = $1 AND attempts < max_attempts`, id)
	return err
}
