// A function that either peeks at the next job or marks one the caller
// locked with FOR UPDATE SKIP LOCKED in the same transaction: its SELECT
// and UPDATE never run on the same call.
package ok_plpgsql_arms

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Peek(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT job_op(true, NULL)`).Scan(&id)
	return id, err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	if err := tx.QueryRow(ctx, `SELECT job_op(false, $1)`, id).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
