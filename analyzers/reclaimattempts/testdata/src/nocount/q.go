// The lease and its reclaimer are right, but no attempt is ever spent: a
// job that kills its worker is reclaimed and taken again for ever.
package nocount

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MaxAttempts = 5

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

// Fail is the handler-error path: it counts and stops at the limit, but a
// worker killed by the job never gets here.
func Fail(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts+1 >= MaxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed', locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1, locked_until = NULL WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt, and the claim counts none either`
	return err
}
