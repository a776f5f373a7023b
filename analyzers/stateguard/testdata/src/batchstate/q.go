// A completion that checks its batch is still open: the batch's status is
// another table's, and says nothing about who holds the job.
package batchstate

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

const complete = `WITH open_batches AS (SELECT id FROM batches WHERE status = 'open')
	UPDATE jobs SET status = 'done' WHERE id = $1 AND batch_id IN (SELECT id FROM open_batches)`

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, complete, id) // want `this UPDATE sets status to 'done' by key without re-checking the job's state or its holder`
	return err
}
