// The retry compares the attempt count the wrong way round: attempts > 0
// lets through every job that has failed at least once, however often.
package wrongway

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND attempts > 0`, id) // want `this retry puts the job back with no limit`
	return err
}
