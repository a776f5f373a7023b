// The states are a typed string enum bound as parameters: the UPDATE that
// puts a failed job back to queued is a retry, with no limit anywhere.
package boundstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1 WHERE id = (
		SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, Running, Queued).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, last_error = $3, attempts = attempts + 1 WHERE id = $1`, id, Queued, cause) // want `this retry puts the job back with no limit`
	return err
}
