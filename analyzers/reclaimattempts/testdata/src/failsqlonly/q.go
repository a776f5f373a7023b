// The claim spends an attempt and the sweeper puts back every job whose
// lock expired, but only Fail compares the count with the limit: a job
// that kills its worker never gets to Fail, and is put back for ever.
package failsqlonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
}

// Enqueue hands the new row to callers the package does not see; a
// count returned there is no claimed job's.
func Enqueue(ctx context.Context, pool *pgxpool.Pool, kind string) (j Job, err error) {
	err = pool.QueryRow(ctx, `INSERT INTO jobs (kind, status, attempts, max_attempts) VALUES ($1, 'queued', 0, 5) RETURNING id, attempts`, kind).Scan(&j.ID, &j.Attempts)
	return j, err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (j Job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&j.ID, &j.Attempts)
	return j, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, msg string) error {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL, last_error = $2, run_at = now() + interval '1 minute'
		WHERE id = $1 AND status = 'running' AND attempts < max_attempts`, id, msg)
	if err != nil || tag.RowsAffected() == 1 {
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = $2 WHERE id = $1 AND status = 'running'`, id, msg)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) error {
	j, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := handle(j.ID); err != nil {
		return fail(ctx, pool, j.ID, err.Error())
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, j.ID)
	return err
}

func Sweep(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `this reclaim puts back jobs whose lease expired, and only the failure path compares attempts with a limit\na job that kills its worker`
	return err
}
