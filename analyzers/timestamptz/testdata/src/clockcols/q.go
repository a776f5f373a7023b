// A queue whose poll compares run_at with a time it is given and whose
// reclaim compares locked_until with now(): both decide when a job runs,
// and both lose their zone. created_at is only written, finished_at only
// tested for NULL: neither makes a job late.
package clockcols

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ($1)`, kind)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, at time.Time) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= $1 AND finished_at IS NULL
		            ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, at).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1`, id)
	return err
}
