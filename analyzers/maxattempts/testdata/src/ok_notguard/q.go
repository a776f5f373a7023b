// The decision is kept in a variable, negated: the job goes back only
// while it has attempts left.
package ok_notguard

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func giveBack(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	more := !(attempts >= maxAttempts)
	if more {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err == nil && handle(id) != nil {
			giveBack(ctx, pool, id, attempts)
		}
	}
}
