// A queue whose state is whether locked_at is set, and which deletes
// finished jobs: releasing a job is putting locked_at back to NULL, with no
// state value to re-check.
package ok_nullstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now()
		WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Release(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL, run_at = now() + interval '1 minute' WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET locked_at = NULL WHERE locked_at < now() - interval '5 minutes'`)
	return err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}
