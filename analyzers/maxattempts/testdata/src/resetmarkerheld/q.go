// The worker's retry takes back the row it holds, found by the marker the
// claim wrote (locked_by IS NOT NULL, which every poll skips), and resets
// the count the limit is compared with: the limit is never reached.
package resetmarkerheld

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_by = $1, attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND locked_by IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`, worker).Scan(&id, &attempts)
	return id, attempts, err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead', locked_by = NULL WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_by = NULL, attempts = 0 WHERE id = $1 AND locked_by IS NOT NULL`, id) // want `resets attempts`
	return err
}
