package statesorsame // want package:"queues\\(public.queue_jobs\\)"

// A claim whose poll is an OR of branches that each name the runnable
// state beside other conditions, in a WITH beside the UPDATE that takes.

import (
	"context"
	"database/sql"
)

func Enqueue(ctx context.Context, db *sql.DB, queue string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO queue_jobs (queue, status) VALUES ($1, 'queued')`, queue)
	return err
}

const claim = `
WITH candidates AS (
    SELECT id FROM queue_jobs
    WHERE queue = $1
      AND ((target_worker_id IS NULL AND ((status = 'queued' AND run_at <= now()) OR (status = 'running' AND lease_until < now())))
           OR (target_worker_id = $2 AND status = 'queued'))
    ORDER BY priority DESC, id
    LIMIT $3
    FOR UPDATE SKIP LOCKED
), updated AS (
    UPDATE queue_jobs j SET status = 'running', worker_id = $2, lease_until = now() + interval '1 minute'
    FROM candidates c WHERE j.id = c.id
    RETURNING j.id
)
SELECT id FROM updated`

func Claim(ctx context.Context, db *sql.DB, queue, worker string) (*sql.Rows, error) { // want Claim:"claims jobs"
	return db.QueryContext(ctx, claim, queue, worker, 10)
}

func Complete(ctx context.Context, db *sql.DB, id int64, worker string) error { // want Complete:"completes jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE queue_jobs SET status = 'succeeded' WHERE id = $1 AND worker_id = $2`, id, worker)
	return err
}
