// The Commit that ends the row lock is wrapped for its error message; it
// still ends the transaction before the pool's UPDATE marks the job.
package commitwrapped

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

func wrap(err error, what string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil { // want `the transaction that holds this row lock ends before the UPDATE`
		return 0, err
	}
	if err := wrap(tx.Commit(ctx), "commit the poll"); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
