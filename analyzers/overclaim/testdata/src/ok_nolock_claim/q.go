// A batch claim whose subquery takes no lock: every run of the subquery
// reads the statement's snapshot and returns the same rows, so a re-run
// cannot take more than the LIMIT (that two workers can take the same rows
// is claimrace's finding, not this rule's).
package ok_nolock_claim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool, n int) error {
	rows, err := pool.Query(ctx, `UPDATE jobs SET status = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1)
		RETURNING id`, n)
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}
