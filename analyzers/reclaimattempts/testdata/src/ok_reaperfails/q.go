// The reaper first fails the expired jobs that have used their attempts,
// then puts the others back: a job that kills its worker ends at the limit.
package ok_reaperfails

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running' AND attempts < max_attempts`, id)
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL
		WHERE status = 'running' AND locked_until < now() AND attempts >= max_attempts`); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
