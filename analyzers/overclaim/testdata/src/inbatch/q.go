// A batch claim through IN (SELECT ... LIMIT $1 FOR UPDATE SKIP LOCKED).
package inbatch

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED)
		RETURNING id`

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool, n int) error {
	rows, err := pool.Query(ctx, claimSQL, n) // want `this UPDATE takes the rows of IN \(SELECT ... LIMIT \$1 FOR UPDATE SKIP LOCKED\), which may run more than once\nPostgreSQL does not promise to run that subquery once`
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}
