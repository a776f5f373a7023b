package callerhops // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A store whose exported method passes the state its callers choose, in
// another package, on to an unexported helper that binds it.
type State string

const (
	Done   State = "done"
	Failed State = "failed"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

// SetState hands its caller's state on.
func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state State) error { // want SetState:"completes jobs, fails jobs, returns a write's error"
	return setState(ctx, pool, id, state)
}

// setState binds it: one view per state the worker gives SetState.
func setState(ctx context.Context, pool *pgxpool.Pool, id int64, state State) error { // want setState:"completes jobs, fails jobs, writes outcomes, returns a write's error"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, id, string(state))
	return err
}
