// The work compares the attempt count only to log a warning, and returns
// its error: a retry on that error is not decided by the attempts.
package outcomeerror

import (
	"context"
	"errors"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

var errUnavailable = errors.New("unavailable")

func work(id int64, attempts int, handle func(int64) error) error {
	if attempts > 3 {
		log.Printf("job %d: attempt %d", id, attempts)
	}
	if err := handle(id); err != nil {
		return errors.Join(errUnavailable, err)
	}
	return nil
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		if work(id, attempts, handle) != nil {
			pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
			continue
		}
		pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	}
}
