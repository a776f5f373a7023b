// The same store, but its callers give SetState states the tool cannot
// read (a value from the job's handler, a helper's result): which states
// the write takes is not known, and nothing is said about it.
package ok_callerstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const StateDone = "done"

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, locked_until = NULL WHERE id = $1`, id, state)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
