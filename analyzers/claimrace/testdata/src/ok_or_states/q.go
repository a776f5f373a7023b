// The claims of or_states written correctly: the OR of same-state branches
// picks under a lock, or the UPDATE re-checks the state through the OR.
package ok_or_states

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimTargeted = `
WITH candidates AS (
    SELECT id FROM queue_jobs
    WHERE queue = $1
      AND ((target_worker_id IS NULL AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now())))
           OR (target_worker_id = $2 AND status = 'queued' AND run_at <= now()))
    ORDER BY priority DESC, run_at, id
    LIMIT $3
    FOR UPDATE SKIP LOCKED
), updated AS (
    UPDATE queue_jobs j SET status = 'running', worker_id = $2, lease_until = now() + interval '1 minute'
    FROM candidates c WHERE j.id = c.id
    RETURNING j.id
)
SELECT id FROM updated`

func ClaimTargeted(ctx context.Context, db *sql.DB, queue, worker string, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, claimTargeted, queue, worker, n)
}

func ClaimPriority(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `
UPDATE jobs SET status = 'running'
WHERE id = (
    SELECT id FROM jobs
    WHERE (priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued' AND run_at <= now())
    ORDER BY priority, id LIMIT 1
    FOR UPDATE SKIP LOCKED
)
RETURNING id`).Scan(&id)
	return id, err
}

// No lock in the subquery, but the outer WHERE re-checks the state through
// the same OR: the second of two UPDATEs re-evaluates it and matches nothing.
func ClaimRechecked(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `
UPDATE jobs SET status = 'running'
WHERE id = (
    SELECT id FROM jobs
    WHERE (priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued')
    ORDER BY priority, id LIMIT 1
)
AND ((priority = 1 AND status = 'queued') OR (priority = 2 AND status = 'queued'))
RETURNING id`).Scan(&id)
	return id, err
}

func ClaimByKind(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	err = tx.QueryRow(ctx, `
SELECT id FROM tasks
WHERE (kind = 'email' AND state IN ('new', 'retry')) OR (kind = 'sms' AND state = 'new')
ORDER BY created_at LIMIT 1
FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err = tx.Exec(ctx, `UPDATE tasks SET state = 'working' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
