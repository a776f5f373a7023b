// On pgx v4, a transaction begun by hand that reads the next job with no
// lock and then takes it: two workers read the same job, and both take it.
package pgx4_race

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
