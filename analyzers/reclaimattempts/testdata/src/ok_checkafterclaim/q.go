// The worker compares the count as soon as it has claimed the job, before
// it runs it: a job reclaimed past the limit is failed there. The function
// writes only failures itself; it is still the claim's way, not a failure's.
package ok_checkafterclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Next(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) error {
	id, attempts, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if attempts > maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	if handle(id) != nil {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	return done(ctx, pool, id)
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
