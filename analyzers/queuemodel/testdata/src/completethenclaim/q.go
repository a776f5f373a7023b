package completethenclaim // want package:"queues\\(public.jobs\\)"

// A worker's step records the previous job's success, then polls and takes
// the next one: the first UPDATE completes a job; only the UPDATE after the
// poll takes what it found.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Next(ctx context.Context, pool *pgxpool.Pool, prev int64) (id int64, err error) { // want Next:"claims jobs, completes jobs"
	if _, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, prev); err != nil {
		return 0, err
	}
	if err = pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
