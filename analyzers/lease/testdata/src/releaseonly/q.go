// The claim records the worker, and a statement keyed on the worker puts
// its jobs back, but only when the worker says goodbye: nothing compares a
// heartbeat with the clock, so a killed worker's job stays running.
package releaseonly

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

func Release(ctx context.Context, pool *pgxpool.Pool, worker string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE worker_id = $1 AND status = 'running'`, worker)
	return err
}
