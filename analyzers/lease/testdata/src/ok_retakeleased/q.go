// The poll takes a running job back once its due time has passed AND its
// lease has expired, and the claim writes the lease: the due time stays
// in the past, but the lease keeps the running job from the next poll.
// A visibility timeout (processing AND visible_until < now()) and a lease
// that may be unset (lease_until IS NULL OR lease_until < now()) both.
package ok_retakeleased

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Dequeue(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `WITH next AS (
		SELECT id FROM jobs
		WHERE queue = $1
		  AND (status = 'pending' OR (status = 'processing' AND visible_until < now()))
		  AND scheduled_at <= now()
		ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	UPDATE jobs SET status = 'processing', visible_until = now() + interval '5 minutes'
	FROM next WHERE jobs.id = next.id RETURNING jobs.id`, queue).Scan(&id)
	return id, err
}

func ClaimRun(ctx context.Context, pool *pgxpool.Pool, owner string) (id int64, err error) {
	err = pool.QueryRow(ctx, `WITH next AS (
		SELECT id FROM runs
		WHERE state IN ('pending', 'running')
		  AND next_run_at <= now()
		  AND (lease_until IS NULL OR lease_until < now())
		ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
	UPDATE runs SET state = 'running', lease_owner = $1, lease_until = now() + interval '30 seconds'
	FROM next WHERE runs.id = next.id RETURNING runs.id`, owner).Scan(&id)
	return id, err
}
