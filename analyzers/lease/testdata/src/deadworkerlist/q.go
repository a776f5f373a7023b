// The claim records the worker, and a dashboard lists the jobs of workers
// not seen for a minute, but nothing takes them back: listing a dead
// worker's jobs leaves them running.
package deadworkerlist

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func Stuck(ctx context.Context, pool *pgxpool.Pool) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id, worker_id FROM jobs
		WHERE status = 'running' AND worker_id IN (SELECT id FROM workers WHERE last_seen < now() - interval '1 minute')`)
}
