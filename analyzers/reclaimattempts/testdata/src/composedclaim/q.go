// The claim is put together from the poll it takes jobs from: it counts
// attempts, but nothing compares the count with a limit.
package composedclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	nextJob  = `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`
	claimJob = `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes' WHERE id = (` + nextJob + `) RETURNING id`
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, claimJob).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `and counts their attempts, but never compares them with a limit\nno statement or decision compares the count with a limit, so`
	return err
}
