// The claim runs in a transaction, but the transaction commits as soon as
// the row is marked: the job runs after, and a worker killed mid-job
// leaves it 'running' for ever.
package txcommitfirst

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id = (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, claimSQL).Scan(&id); err != nil { // want `this claim moves the job to 'running' and writes no lease deadline`
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func Work(ctx context.Context, pool *pgxpool.Pool, run func(int64) error) error {
	for {
		id, err := claim(ctx, pool)
		if err == pgx.ErrNoRows {
			continue
		}
		if err != nil {
			return err
		}
		if err := run(id); err != nil {
			return err
		}
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			return err
		}
	}
}
