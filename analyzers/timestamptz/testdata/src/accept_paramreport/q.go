// The same queue, but run_at is compared with a time the caller passes
// only in a report, which moves no job: no job runs early or late by it.
package accept_paramreport

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func CountSince(ctx context.Context, pool *pgxpool.Pool, since time.Time) (n int64, err error) {
	err = pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE run_at >= $1`, since).Scan(&n)
	return n, err
}
