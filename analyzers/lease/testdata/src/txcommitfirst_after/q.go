// The claim commits, then runs the jobs it took in the same function: the
// work is outside the transaction, and a worker killed mid-job leaves
// them 'running' for ever.
package txcommitfirst_after

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id IN (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id`

func RunBatch(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, claimSQL) // want `this claim moves the job to 'running' and writes no lease deadline`
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		ids = append(ids, id)
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	for _, id := range ids {
		if err := run(id); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}
