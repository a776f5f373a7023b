// A worker that drains the queue by recursion, one job a call, and retries
// the errors a recursive classifier calls transient: a condition on the
// error alone, which stops no retry. Neither recursion is followed for
// ever: the guard search goes two callers up and one helper down.
package recursive

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// transient reports whether err, or an error it wraps, is a timeout.
func transient(err error) bool {
	if err == nil {
		return false
	}
	if t, ok := err.(interface{ Timeout() bool }); ok && t.Timeout() {
		return true
	}
	u, ok := err.(interface{ Unwrap() error })
	return ok && transient(u.Unwrap())
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func drain(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) error {
	id, err := claim(ctx, pool)
	if err != nil {
		return err // no job left, or the database is gone
	}
	if err := handle(id); err != nil {
		if transient(err) {
			_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
		} else {
			_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		}
		if err != nil {
			return err
		}
	} else if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return drain(ctx, pool, handle)
}
