package rolesseed // want package:"queues\\(public.jobs\\)"

// The seed's shape: a SELECT, then an UPDATE by id in the same function.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	if err = pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Finish:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64, msg string) error { // want Fail:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1, last_error = $2 WHERE id = $1`, id, msg)
	return err
}
