// The retry excludes only finished jobs: the job a worker holds (status
// 'running') is put back with its count reset, so the limit is never
// reached.
package resetnotdone

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

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'discarded' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1 AND status <> 'done'`, id) // want `resets attempts`
	return err
}
