// The claim takes every queued job at once: its subquery has no LIMIT and
// no ORDER BY, but skipping locked rows in one state is a poll all the
// same, and the claim writes no lease.
package claimall

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func ClaimAll(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	rows, err := pool.Query(ctx, `UPDATE jobs SET status = 'running'
		WHERE id IN (SELECT id FROM jobs WHERE status = 'queued' FOR UPDATE SKIP LOCKED)
		RETURNING id`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[int64])
}
