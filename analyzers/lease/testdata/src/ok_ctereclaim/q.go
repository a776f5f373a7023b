// The reclaim clears stale locks of jobs in a WITH query of the statement
// that clears its queues' locks: the statement on job_queues holds the
// jobs' reclaim.
package ok_ctereclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET locked_at = now(), locked_by = $1, attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE locked_at IS NULL AND run_at <= now() AND attempts < max_attempts
			ORDER BY priority, run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func ResetLocked(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `WITH j AS (
		UPDATE jobs SET locked_at = NULL, locked_by = NULL WHERE locked_at < now() - interval '4 hours'
	)
	UPDATE job_queues SET locked_at = NULL, locked_by = NULL WHERE locked_at < now() - interval '4 hours'`)
	return err
}
