// The poll is served by a partial index. The prune's dry run counts the
// rows a prune would delete (expired, not running: a runnable one too),
// in expiry order under a LIMIT: it gives back a number, no job, so no
// index needs to serve it as a poll.
package accept_prunecount

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func PruneDryRun(ctx context.Context, pool *pgxpool.Pool, limit int) (n int64, err error) {
	err = pool.QueryRow(ctx, `SELECT count(*) FROM (
		SELECT 1 FROM jobs WHERE expires_at <= now() AND status <> 'running' ORDER BY expires_at LIMIT $1
	) expired`, limit).Scan(&n)
	return n, err
}
