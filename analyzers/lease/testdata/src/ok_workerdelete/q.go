// Jobs whose producer sends them again: the claim records the worker, and
// the jobs of workers not seen for a minute are deleted, not left running.
package ok_workerdelete

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func DropDead(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs
		WHERE status = 'running' AND worker_id IN (SELECT id FROM workers WHERE last_seen < now() - interval '1 minute')`)
	return err
}
