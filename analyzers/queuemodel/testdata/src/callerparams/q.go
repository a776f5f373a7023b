package callerparams // want package:"queues\\(public.jobs\\)"

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Queries the way sqlc writes them: a query's parameters in a struct,
// its state chosen by callers in another package.
type Queries struct{ pool *pgxpool.Pool }

func (q *Queries) Claim(ctx context.Context) (id int64, err error) { // want Claim:"claims jobs"
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

type UpdateStatusParams struct {
	ID     int64
	Status string
}

// UpdateStatus writes the state its caller sets in arg: one view per state.
func (q *Queries) UpdateStatus(ctx context.Context, arg UpdateStatusParams) error { // want UpdateStatus:"completes jobs, fails jobs, writes outcomes"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, arg.ID, arg.Status)
	return err
}

type SetStatusParams struct {
	ID     int64
	Status string
}

// SetStatus takes its struct by pointer and overwrites the field: what
// its callers set is not what it binds.
func (q *Queries) SetStatus(ctx context.Context, arg *SetStatusParams) error {
	arg.Status = "queued"
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, arg.ID, arg.Status)
	return err
}
