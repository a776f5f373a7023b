// The states are a typed string enum bound as parameters; the retry stops
// at the limit, and the job fails for good.
package ok_boundstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Failed  Status = "failed"
)

const MaxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1 WHERE id = (
		SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, Running, Queued).Scan(&id)
	return id, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, cause string) error {
	if attempts >= MaxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, last_error = $3 WHERE id = $1`, id, Failed, cause)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, last_error = $3 WHERE id = $1`, id, Queued, cause)
	return err
}
