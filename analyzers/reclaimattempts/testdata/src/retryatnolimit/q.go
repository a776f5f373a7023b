// The claim counts attempts and the reclaim backs the job off with
// retry_at, but nothing compares the count with a limit: retry_at <= now()
// is when the next attempt may run, not how many have been spent.
package retryatnolimit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND retry_at <= now() ORDER BY retry_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', retry_at = now() + interval '1 minute' WHERE status = 'running' AND locked_until < now()`) // want `and counts their attempts, but never compares them with a limit\nno statement or decision compares the count with a limit, so`
	return err
}
