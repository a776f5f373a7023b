// The workers' retries count and stop at the limit; the client's Retry,
// an operator's "run this job again", takes back any job but one a worker
// holds (status <> 'running') and starts its count again.
package ok_redriveended

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'discarded' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

// Retry is the client's API: run a job again, whatever became of it.
func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1 AND status <> 'running'`, id)
	return err
}
