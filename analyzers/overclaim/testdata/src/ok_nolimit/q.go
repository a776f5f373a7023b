// No LIMIT: a re-run takes nothing the first run would not have taken.
package ok_nolimit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimAll(ctx context.Context, pool *pgxpool.Pool, queue string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' AND queue = $1 FOR UPDATE SKIP LOCKED)`, queue)
	return err
}
