// pgx.BeginFunc commits when its function returns nil: the claim inside
// it is committed before the job runs in the caller.
package beginfunccommitfirst

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id = (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return tx.QueryRow(ctx, claimSQL).Scan(&id) // want `this claim moves the job to 'running' and writes no lease deadline`
	})
	return id, err
}

func Work(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	for {
		id, err := claim(ctx, pool)
		if err != nil {
			return err
		}
		if err := run(id); err != nil {
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
