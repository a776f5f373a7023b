// The claim records the worker but no deadline, and the only statement
// that takes running jobs back goes by when the job was enqueued, not by
// its worker's liveness: a job claimed a minute ago from an old backlog
// is taken from its live worker, and a dead worker's fresh job waits a
// day.
package oldjobs

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	// want +1 `this claim moves the job to 'running' and writes no lease deadline`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func Requeue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL
		WHERE status = 'running' AND created_at < now() - interval '1 day'`)
	return err
}
