// = ANY(ARRAY(SELECT ...)) builds the array once.
package ok_array

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = ANY(ARRAY(SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED))`, n)
	return err
}
