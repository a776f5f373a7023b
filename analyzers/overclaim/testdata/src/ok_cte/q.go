// The locking SELECT in a CTE runs once; IN reads its result.
package ok_cte

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, `WITH next AS (
			SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED)
		UPDATE jobs SET status = 'running' WHERE id IN (SELECT id FROM next)`, n)
	return err
}
