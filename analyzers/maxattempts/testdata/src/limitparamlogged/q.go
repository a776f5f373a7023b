// The failure path takes a limit as a parameter, ignores it, and only
// logs the store's configured limit: nothing decides by either.
package limitparamlogged

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type store struct {
	pool       *pgxpool.Pool
	maxRetries int // want `maxRetries is declared but no decision reads it`
}

func (s store) claim(ctx context.Context) (id int64, attempts int, err error) {
	err = s.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (s store) fail(ctx context.Context, id int64, attempts, maxAttempts int) error { // want `maxAttempts is declared but no decision reads it`
	if attempts > 0 {
		log.Printf("job %d failed again (attempt %d of %d)", id, attempts, s.maxRetries)
	}
	_, err := s.pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
