// A worker that completes its batch by the ids it claimed, in one
// statement: a key all the same, and none of the jobs is re-checked.
package bulkcomplete

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

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func CompleteAll(ctx context.Context, pool *pgxpool.Pool, ids []int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = ANY($1)`, ids) // want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
	return err
}
