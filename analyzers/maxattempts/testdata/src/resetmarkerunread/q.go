// The worker's retry names the row by a column no poll reads (last_error
// IS NOT NULL, which the failure it follows has just set) and resets the
// count the limit is compared with: the row is the one the worker holds,
// and the limit is never reached.
package resetmarkerunread

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, cause string) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead', last_error = $2 WHERE id = $1`, id, cause)
		return err
	}
	if _, err := pool.Exec(ctx, `UPDATE jobs SET last_error = $2 WHERE id = $1`, id, cause); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1 AND last_error IS NOT NULL`, id) // want `resets attempts`
	return err
}
