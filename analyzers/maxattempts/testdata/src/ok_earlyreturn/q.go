// An early return ends the job for good once its attempts run out; only
// the path past it puts the job back.
package ok_earlyreturn

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func onFailure(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, cause error) error {
	if attempts >= maxAttempts {
		log.Printf("job %d gave up after %d attempts: %v", id, attempts, cause)
		_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
		return err
	}
	log.Printf("job %d failed, retrying: %v", id, cause)
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			onFailure(ctx, pool, id, attempts, err)
		}
	}
}
