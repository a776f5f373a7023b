package callermoves // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A store whose SQL names no state: every state is bound from what its
// callers, in another package, pass. Move's WHERE filters on the state it
// is given, which makes status a state column; last_error is only
// written.

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload []byte, state string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, $2)`, payload, state)
	return err
}

func Move(ctx context.Context, pool *pgxpool.Pool, id int64, from, to string) (bool, error) { // want Move:"claims jobs, completes jobs, fails jobs"
	var got int64
	err := pool.QueryRow(ctx, `UPDATE jobs SET status = $1 WHERE id = $2 AND status = $3 RETURNING id`, to, id, from).Scan(&got)
	return err == nil, err
}

func Note(ctx context.Context, pool *pgxpool.Pool, id int64, msg string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET last_error = $2 WHERE id = $1`, id, msg)
	return err
}
