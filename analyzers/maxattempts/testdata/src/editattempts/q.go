// The retry writes the attempt count Go computed, a column the enqueue
// also fills from its caller: a count, not the job's definition. Nothing
// compares it with a limit.
package editattempts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func create(ctx context.Context, pool *pgxpool.Pool, name, endpoint string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (name, endpoint, attempts, status) VALUES ($1, $2, $3, 'pending')`, name, endpoint, 0)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', attempts = $2 WHERE id = $1`, id, attempts+1) // want `this retry puts the job back with no limit`
	return err
}
