// The limit is only used to tell the log how many attempts are left.
package logmath

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5 // want `maxAttempts is declared but no decision reads it`

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	left := maxAttempts - attempts
	log.Printf("job %d failed, %d attempts left", id, left)
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
