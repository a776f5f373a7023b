package callerstates // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// A store whose callers, in another package, choose the state it writes.
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

// SetState writes the state its caller gives: one view per state.
func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state State) error { // want SetState:"completes jobs, fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, id, string(state))
	return err
}

// Note records a text its caller gives: no statement compares last_error
// with a constant, so what the callers pass there changes no role.
func Note(ctx context.Context, pool *pgxpool.Pool, id int64, msg string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET last_error = $2 WHERE id = $1`, id, msg)
	return err
}
