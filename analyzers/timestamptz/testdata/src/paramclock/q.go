// The poll compares run_at with a time the worker passes and takes jobs in
// id order: run_at decides when a job runs although no poll orders by it.
package paramclock

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, now time.Time) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, now).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
