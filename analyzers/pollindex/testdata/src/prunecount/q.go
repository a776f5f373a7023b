// No index serves the poll: reported, once, for the poll. The prune's
// dry run beside it counts rows under a LIMIT and gives back no job: it
// is no second poll.
package prunecount

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
