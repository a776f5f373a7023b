// A batch claimed in one transaction: the finished jobs are deleted, the
// failed ones put back, then one commit. When the put-back fails, the
// transaction is already aborted (PostgreSQL refuses every statement after
// an error, COMMIT included): returning is all the code can do, and the
// batch runs again as a whole.
package ok_txaborted

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

func work(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	var done, failed []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		if handle(ctx, id) == nil {
			done = append(done, id)
		} else {
			failed = append(failed, id)
		}
	}
	if _, err := tx.Exec(ctx, `DELETE FROM jobs WHERE id = ANY($1)`, done); err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `UPDATE jobs SET run_at = now() + interval '1 minute' WHERE id = ANY($1)`, failed)
	if err != nil {
		return err
	}
	return tx.Commit(ctx)
}
