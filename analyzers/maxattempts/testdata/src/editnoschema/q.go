// The same edit with no schema in sight: which columns hold times is not
// known, so the edit is judged as any statement that puts the job back,
// and nothing guards it.
package editnoschema

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

func update(ctx context.Context, pool *pgxpool.Pool, id int64, name, endpoint string, maxRetries int) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET name = $1, endpoint = $2, max_retries = $3, status = 'pending' WHERE id = $4`, name, endpoint, maxRetries, id) // want `this retry puts the job back with no limit`
	return err
}
