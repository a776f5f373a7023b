// The worker's retries stop at the job's limit. The API's edit of a job
// rewrites its definition (name, endpoint, limit) and sends it to be
// picked up again: no failed run is retried there.
package ok_editjob

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Create(ctx context.Context, pool *pgxpool.Pool, name, endpoint string, maxRetries int) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (name, endpoint, max_retries, status) VALUES ($1, $2, $3, 'pending')`, name, endpoint, maxRetries)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= max_retries THEN 'failed' ELSE 'pending' END, last_error = $2 WHERE id = $1`, id, cause)
	return err
}

func Update(ctx context.Context, pool *pgxpool.Pool, id int64, name, endpoint string, maxRetries int) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET name = $1, endpoint = $2, max_retries = $3, status = 'pending' WHERE id = $4`, name, endpoint, maxRetries, id)
	return err
}
