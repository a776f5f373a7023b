// Claims whose poll is an OR of branches that each require the runnable
// state next to other conditions, none of which locks what it picks.
package or_states

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Jobs aimed at a worker or at anyone, and expired leases taken back, in
// one WITH: the UPDATE takes whatever the unlocked CTE found.
const claimTargeted = `
WITH candidates AS (
    SELECT id FROM queue_jobs
    WHERE queue = $1
      AND ((target_worker_id IS NULL AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now())))
           OR (target_worker_id = $2 AND status = 'queued' AND run_at <= now()))
    ORDER BY priority DESC, run_at, id
    LIMIT $3
), updated AS (
    UPDATE queue_jobs j SET status = 'running', worker_id = $2, lease_until = now() + interval '1 minute'
    FROM candidates c WHERE j.id = c.id
    RETURNING j.id
)
SELECT id FROM updated`

func ClaimTargeted(ctx context.Context, db *sql.DB, queue, worker string, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, claimTargeted, queue, worker, n) // want `the subquery picks the next job without locking it`
}

// One statement, two priorities, each branch naming the same state.
func ClaimPriority(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	const q = `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE (priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued' AND run_at <= now()) ORDER BY priority, id LIMIT 1) RETURNING id`
	err = pool.QueryRow(ctx, q).Scan(&id) // want `the subquery picks the next job without locking it`
	return id, err
}

// A SELECT then an UPDATE on the pool, by kind.
func ClaimByKind(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	const q = `SELECT id FROM tasks WHERE (kind = 'email' AND state IN ('new', 'retry')) OR (kind = 'sms' AND state = 'new') ORDER BY created_at LIMIT 1`
	err := pool.QueryRow(ctx, q).Scan(&id) // want `two workers can claim the same job`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE tasks SET state = 'working' WHERE id = $1`, id)
	return id, err
}
