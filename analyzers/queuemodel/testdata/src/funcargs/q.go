package funcargs // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// The outcome's state is a parameter of the function: given as a
// constant in the SQL, or bound from a Go constant, it reads as that
// constant in each call's view of the body.

const failed = "failed"

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `SELECT id FROM dequeue()`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Done:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `SELECT finish($1, 'done')`, id)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Fail:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `SELECT finish($1, $2)`, id, failed)
	return err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Retry:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `SELECT finish($1, $2)`, id, "queued")
	return err
}

func Tag(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `SELECT tag_done($1, 'a', 'queued')`, id)
	return err
}
