// The reclaim spends the attempt the dead worker used, and a second
// statement of the reclaimer fails the jobs that used their last one.
package ok_reclaimcounts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL
		WHERE status = 'running' AND locked_until < now() AND attempts + 1 >= max_attempts`); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1, locked_until = NULL
		WHERE status = 'running' AND locked_until < now()`)
	return err
}
