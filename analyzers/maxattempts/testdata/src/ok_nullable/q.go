// A per-job limit that may be NULL (the column's DEFAULT applies then):
// the worker compares it when it is set, and the SQL decides otherwise.
package ok_nullable

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Opts struct {
	MaxAttempts *int
}

func Enqueue(ctx context.Context, pool *pgxpool.Pool, kind string, o Opts) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (kind, max_attempts) VALUES ($1, coalesce($2, 25))`, kind, o.MaxAttempts)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, limit *int) error {
	if limit != nil && attempts >= *limit {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END WHERE id = $1`, id)
	return err
}
