// The guard is a helper.
package ok_helper

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID            int64
	Tried, Budget int
}

func exhausted(j Job) bool { return j.Tried >= j.Budget }

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, pool *pgxpool.Pool, j Job) error {
	if exhausted(j) {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, j.ID)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, j.ID)
	return err
}
