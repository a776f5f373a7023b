// The completion of package complete written over several lines: the
// finding sits on the WHERE that lacks the re-check, so that a pull request
// that edits that line gets the comment. One written on one line, or held
// in a constant, stays at the call.
package multiline

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', lock_token = gen_random_uuid(), locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	// want +4 `^this UPDATE sets status to 'done' by key without re-checking the job's state or its holder\n`
	_, err := pool.Exec(ctx, `
		UPDATE jobs
		   SET status = 'done', locked_until = NULL
		 WHERE id = $1`, id)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	// want +2 `^this UPDATE sets status to 'failed' by key without re-checking`
	_, err := pool.Exec(ctx, "UPDATE jobs SET status = 'failed' "+
		"WHERE id = $1", id)
	return err
}

const cancel = `
	UPDATE jobs SET status = 'cancelled'
	WHERE id = $1`

func Cancel(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, cancel, id) // want `^this UPDATE sets status to 'cancelled' by key without re-checking`
	return err
}

func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `^this UPDATE sets status to 'queued' by key without re-checking`
	return err
}

// A directive on the call's line, or above it, covers the finding at the
// WHERE below: no Go comment can stand inside the SQL.
func Skip(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	//jobqlint:ignore stateguard an operator's tool, run by hand on one job at a time
	_, err := pool.Exec(ctx, `
		UPDATE jobs SET status = 'done'
		WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
