// The admin service: the dashboard lists the queue, an operator's "run now" takes a queued job by key,
// and the janitor puts back jobs whose lease expired. Neither counts an
// attempt, but the workers' claim (queries.sql, elsewhere in the module)
// counts every one and stops at the limit.
package ok_sqlcclaim

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Pending lists the jobs the workers take next, for the dashboard the
// operator picks from.
func Pending(ctx context.Context, pool *pgxpool.Pool) (pgx.Rows, error) {
	return pool.Query(ctx, `SELECT id, kind FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 50`)
}

func RunNow(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = $1 AND status = 'queued'`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL WHERE status = 'running' AND locked_until < now()`)
	return err
}
