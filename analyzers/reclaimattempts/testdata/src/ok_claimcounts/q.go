// The claim spends the attempt, and the worker fails the job at the limit
// before it runs it again: a job that kills its worker stops after
// MaxAttempts claims.
package ok_claimcounts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MaxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func Run(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) error {
	id, attempts, err := Claim(ctx, pool)
	if err != nil {
		return err
	}
	if attempts > MaxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	if handle(id) != nil {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	_, err = pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
