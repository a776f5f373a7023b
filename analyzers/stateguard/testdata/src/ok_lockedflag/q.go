// A claim that sets a locked flag and a time, and a reaper that compares
// both with what it is given: neither is a value a worker holds for its
// run, so the state re-check of the completion is the guard this queue has.
package ok_lockedflag

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked = true, locked_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reap(ctx context.Context, pool *pgxpool.Pool, cutoff time.Time) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked = false
		WHERE status = 'running' AND locked = true AND locked_at < $1`, cutoff)
	return err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', locked = false WHERE id = $1 AND status = 'running'`, id)
	return tag.RowsAffected() == 1, err
}
