// The janitor moves jobs whose lease expired to a state its caller
// chooses: whether that puts them back in the queue, where another worker
// could claim them, is out of sight, so the completion by id is not
// reported.
package ok_expireparam

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Expire(ctx context.Context, pool *pgxpool.Pool, to string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1 WHERE status = 'running' AND locked_until < now()`, to)
	return err
}
