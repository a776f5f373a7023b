// The states are a typed string enum that callers pass to one helper,
// which binds it as a parameter: the failure path passes queued back with
// no limit anywhere.
package helperstate

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status string

const (
	Queued  Status = "queued"
	Running Status = "running"
	Done    Status = "done"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1 WHERE id = (
		SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, Running, Queued).Scan(&id)
	return id, err
}

func setState(ctx context.Context, pool *pgxpool.Pool, id int64, s Status, cause string) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, last_error = $3, attempts = attempts + 1 WHERE id = $1`, id, s, cause) // want `this retry puts the job back with no limit`
	return err
}

func work(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	id, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := run(id); err != nil {
		return setState(ctx, pool, id, Queued, err.Error())
	}
	return setState(ctx, pool, id, Done, "")
}
