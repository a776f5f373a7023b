// The poll takes queued jobs and failed ones with attempts left. A btree on
// the status alone finds them: each branch of the OR names its state, so the
// planner reads the two states from the index (a BitmapOr) and never walks
// the finished jobs. But not in run_at order: every poll sorts the whole
// backlog to take its first job.
package states_or_btree

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'failed' AND attempts < 5)
		            ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1 AND status = 'running'`, id)
	return err
}
