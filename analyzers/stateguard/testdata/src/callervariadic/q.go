// A store whose callers choose the state, through a method with a
// variadic list of columns to clear: SetState writes whatever state it is
// given, by id alone. The worker, in another package, gives it 'done' with
// no column to clear and 'failed' with two; after the lease expires
// another worker may hold the job, and this write ends its run.
package callervariadic

import (
	"context"
	"strings"

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

func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state string, clear ...string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, locked_until = NULL WHERE id = $1`, id, state) // want `this UPDATE sets status to 'done' by key without re-checking` `this UPDATE sets status to 'failed' by key without re-checking`
	if err != nil || len(clear) == 0 {
		return err
	}
	_, err = pool.Exec(ctx, `SELECT clear_columns($1, $2)`, id, strings.Join(clear, ","))
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
