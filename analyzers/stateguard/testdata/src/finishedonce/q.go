// A completion made idempotent with finished_at IS NULL: a second call for
// the same run changes nothing, but after the lease expired and another
// worker claimed the job, its run has not finished either, and this write
// ends it. finished_at says whether a run ended, not whose run it is.
package finishedonce

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1 AND finished_at IS NULL`, id) // want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
	return err
}
