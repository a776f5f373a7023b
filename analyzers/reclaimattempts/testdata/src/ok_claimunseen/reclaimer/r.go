// A reclaimer whose queue's claim it cannot see: the claim may count the
// attempt, so the rule says nothing here.
package reclaimer

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	_ "ok_claimunseen/claim"
)

// Next shows the job the workers take next, for a dashboard.
func Next(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
