// The same pipeline in one function: the UPDATE that queues the next
// stage runs only once the stage's handler returned no error.
package ok_nextstagelocal

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64, string) (string, error)) error {
	var id int64
	var stage string
	var attempts int
	err := pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, stage, attempts`).Scan(&id, &stage, &attempts)
	if err != nil {
		return err
	}
	next, err := handle(id, stage)
	if err != nil {
		if attempts >= 5 {
			_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
			return err
		}
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
		return err
	}
	if next == "" {
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued', stage = $2 WHERE id = $1`, id, next)
	return err
}
