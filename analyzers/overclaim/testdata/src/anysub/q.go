// = ANY(SELECT ...) is the same sublink as IN (SELECT ...).
package anysub

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running'
		WHERE id = ANY (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 10 FOR NO KEY UPDATE SKIP LOCKED)`

func ClaimBatch(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, claimSQL) // want `IN \(SELECT ... LIMIT 10 FOR NO KEY UPDATE SKIP LOCKED\)`
	return err
}
