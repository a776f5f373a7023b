// The retry's WHERE names the attempt count inside an OR, but compares it
// with nothing that bounds it: attempts = 0 OR last_error IS NULL lets a
// job that failed ten times go back as long as it left no error text.
package orguard

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND (attempts = 0 OR last_error IS NULL)`, id) // want `this retry puts the job back with no limit`
	return err
}
