// An operator's "retry this job", by id: it means to re-queue whatever
// the job's state, and says so.
package ok_directive

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

func RetryByHand(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	//jobqlint:ignore stateguard an operator re-queues a job by hand, whatever state it is in
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
