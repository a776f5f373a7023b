// The reaper keeps a count of its own, not named as attempts: it adds one
// each time it takes a stuck job back, and its CASE fails the job once the
// count reaches its bound. A job that kills its worker is failed after
// three leases.
package ok_reapbudget

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN rescues + 1 < 3 THEN 'queued' ELSE 'failed' END,
		rescues = rescues + 1, locked_until = NULL
		WHERE status = 'running' AND locked_until < now()`)
	return err
}
