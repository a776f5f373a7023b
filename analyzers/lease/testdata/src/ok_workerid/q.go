// No deadline on the job: the claim records the worker, workers beat a
// heartbeat, and a reclaimer takes back the jobs of workers not seen for a
// minute.
package ok_workerid

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

func Beat(ctx context.Context, pool *pgxpool.Pool, worker string) error {
	_, err := pool.Exec(ctx, `UPDATE workers SET last_seen = now() WHERE id = $1`, worker)
	return err
}

func ReclaimDead(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL
		WHERE status = 'running' AND worker_id IN (SELECT id FROM workers WHERE last_seen < now() - interval '1 minute')`)
	return err
}
