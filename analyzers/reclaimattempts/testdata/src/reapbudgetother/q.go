// Reapers whose CASE makes no limit: one counts rescues but decides by
// the job's priority; the other fails jobs stuck an hour past their lease,
// which a job that kills its worker never is (each claim sets the lease
// again). Either takes such a job back for ever.
package reapbudgetother

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

const (
	byPriority = `UPDATE jobs SET status = CASE WHEN priority < 3 THEN 'queued' ELSE 'failed' END,
		rescues = rescues + 1, locked_until = NULL
		WHERE status = 'running' AND locked_until < now()`
	longStuck = `UPDATE jobs SET status = CASE WHEN locked_until < now() - interval '1 hour' THEN 'failed' ELSE 'queued' END,
		locked_until = NULL WHERE status = 'running' AND locked_until < now()`
)

func RescueByPriority(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, byPriority) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}

func RescueLongStuck(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, longStuck) // want `this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}
