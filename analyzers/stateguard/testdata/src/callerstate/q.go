// A store whose callers choose the state: SetState writes whatever state
// it is given, by id alone. The worker, in another package, gives it
// 'done' or 'failed'; after the lease expires another worker may hold the
// job, and this write ends its run.
package callerstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	StateDone   = "done"
	StateFailed = "failed"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, locked_until = NULL WHERE id = $1`, id, state) // want `this UPDATE sets status to 'done' by key without re-checking` `this UPDATE sets status to 'failed' by key without re-checking`
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
