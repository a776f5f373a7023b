// Two limits, neither read: each is reported.
package twolimits

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	maxRetries  = 3 // want `maxRetries is declared but no decision reads it`
	maxAttempts = 5 // want `maxAttempts is declared but no decision reads it`
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, n int) error {
	log.Printf("job %d failed (attempt %d of %d, at most %d retries)", id, n, maxAttempts, maxRetries)
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
