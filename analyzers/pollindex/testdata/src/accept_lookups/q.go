// The queue's poll is served by (queue, status, run_at). Three other
// SELECTs read the table and are no polls: a page of one kind's jobs for
// an admin screen, a check of which of a batch of jobs, named by id
// through a join, are still waiting, and the lock of such a batch that
// skips the jobs another replay holds.
package accept_lookups

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, queue, kind string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (queue, kind) VALUES ($1, $2)`, queue, kind)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Rename(ctx context.Context, pool *pgxpool.Pool, id int64, kind string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET kind = $2 WHERE id = $1`, id, kind)
	return err
}

func Page(ctx context.Context, pool *pgxpool.Pool, kind string) error {
	rows, err := pool.Query(ctx, `SELECT id, status FROM jobs WHERE kind = $1 ORDER BY id LIMIT 50`, kind)
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}

func StillWaiting(ctx context.Context, pool *pgxpool.Pool, ids []int64) error {
	rows, err := pool.Query(ctx, `WITH batch AS (SELECT unnest($1::bigint[]) AS id)
		SELECT j.id FROM jobs j JOIN batch b ON b.id = j.id WHERE j.status = 'queued' ORDER BY j.id LIMIT 100`, ids)
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}

func LockForReplay(ctx context.Context, pool *pgxpool.Pool, ids []int64) error {
	rows, err := pool.Query(ctx, `WITH input AS (SELECT unnest($1::bigint[]) AS id)
		SELECT j.id FROM jobs j JOIN input i ON i.id = j.id WHERE j.kind = $2 ORDER BY j.id FOR UPDATE SKIP LOCKED`, ids, "replay")
	if err != nil {
		return err
	}
	rows.Close()
	return nil
}
