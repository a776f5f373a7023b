// The retry sets when the job runs next, a time the enqueue also takes
// from its caller: a backoff, not an edit of the job. Nothing stops it.
package editrunat

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func create(ctx context.Context, pool *pgxpool.Pool, name, endpoint string, at time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (name, endpoint, run_at, status) VALUES ($1, $2, $3, 'pending')`, name, endpoint, at)
	return err
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending', run_at = $2, last_error = $3 WHERE id = $1`, id, time.Now().Add(time.Minute), cause) // want `this retry puts the job back with no limit`
	return err
}
