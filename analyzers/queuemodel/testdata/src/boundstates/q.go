package boundstates // want package:"queues\\(public.jobs\\)"

// States bound as parameters: typed constants, a local assigned once, and
// a local that holds one of two states.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type State string

const (
	Queued  State = "queued"
	Running State = "running"
	Done    State = "done"
	Failed  State = "failed"
)

const enqueue = `INSERT INTO jobs (payload, status) VALUES ($1, $2)`

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte) error {
	_, err := pool.Exec(ctx, enqueue, payload, Queued)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1 WHERE id = (
		SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, Running, Queued).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64, runErr error) error { // want Finish:"completes jobs, fails jobs, writes outcomes"
	state, msg := Done, ""
	if runErr != nil {
		state, msg = Failed, runErr.Error()
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1, last_error = $3 WHERE id = $2`, state, id, msg)
	return err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Retry:"fails jobs, writes outcomes"
	again := Queued
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, attempts = attempts + 1 WHERE id = $1`, id, again)
	return err
}
