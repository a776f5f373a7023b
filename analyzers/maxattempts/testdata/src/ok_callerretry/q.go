// A store whose callers choose the state: the worker, in another package,
// puts a failed job back as 'queued' only while its attempts are under
// the limit, and fails it for good otherwise. The store cannot see that
// guard, and says nothing about a retry its callers decide.
package ok_callerretry

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	StateQueued = "queued"
	StateFailed = "failed"
	StateDone   = "done"
)

type Job struct {
	ID       int64
	Attempts int
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (j Job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func SetState(ctx context.Context, pool *pgxpool.Pool, id int64, state string) error { // want SetState:`retries\(q.go:32\) when 4 is "queued"`
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = 'running'`, id, state)
	return err
}
