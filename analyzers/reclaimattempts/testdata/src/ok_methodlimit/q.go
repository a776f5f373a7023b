// The claim spends the attempt; the worker reads the count through the
// job's method and fails the job at the limit before running it again.
package ok_methodlimit

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

type Job struct {
	ID       int64
	attempts int
}

func (j *Job) Attempts() int { return j.attempts }

func Claim(ctx context.Context, pool *pgxpool.Pool) (*Job, error) {
	j := new(Job)
	err := pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&j.ID, &j.attempts)
	return j, err
}

func Run(ctx context.Context, pool *pgxpool.Pool, handle func(*Job) error) error {
	j, err := Claim(ctx, pool)
	if err != nil {
		return err
	}
	if j.Attempts() > maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, j.ID)
		return err
	}
	if err := handle(j); err != nil {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE id = $1 AND status = 'running'`, j.ID)
		return err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, j.ID)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
