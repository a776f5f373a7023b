// The queue's clock columns are timestamptz; the timestamps it keeps for
// people (created_at, updated_at) and the one it only tests for NULL
// (finished_at) are never compared with a time, so their zone cannot make
// a job late. A cleanup outside the queue's life cycle compares created_at
// with the clock: it decides what is purged, not when a job runs.
package accept_audit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (kind) VALUES ($1)`, kind)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() AND finished_at IS NULL
		            ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now(), updated_at = now() WHERE id = $1`, id)
	return err
}

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE status = 'done' AND created_at < now() - interval '90 days'`)
	return err
}
