// The same poll runs from two places (one job, a batch): one index serves
// both, so the table gets one finding.
package twosites

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const next = `UPDATE jobs SET status = 'running' WHERE id IN (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`

func ClaimOne(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, next, 1).Scan(&id)
	return id, err
}

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool, n int) ([]int64, error) {
	rows, err := pool.Query(ctx, next, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
