// A janitor that fails every job whose lease is past: finished jobs keep
// their lease column, and it marks them failed.
package janitor

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

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE locked_until < now() - interval '1 hour'`) // want `this UPDATE sets status to 'failed' on every row of jobs its WHERE matches, whatever state the job is in`
	return err
}
