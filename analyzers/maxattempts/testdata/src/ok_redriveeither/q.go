// A dead letter is marked twice, by its state and by dead_at, and every
// poll skips both. The operator's requeue takes back a row that either
// marks as dead: an OR whose every branch names ended rows, which no worker
// holds and no poll picks; a redrive by hand, whose count starts again.
package ok_redriveeither

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND dead_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead', dead_at = now() WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

// requeue is behind the admin page's "retry" button.
func requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', dead_at = NULL, attempts = 0 WHERE id = $1 AND (status = 'dead' OR dead_at IS NOT NULL)`, id)
	return err
}
