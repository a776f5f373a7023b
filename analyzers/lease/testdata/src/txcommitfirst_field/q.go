// The claim returns only an error, but keeps the jobs it took in the
// worker for its loop to run once the transaction committed: a worker
// killed mid-job leaves them 'running' for ever.
package txcommitfirst_field

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id IN (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id`

type Worker struct {
	pool  *pgxpool.Pool
	batch []int64
}

func (w *Worker) fill(ctx context.Context) error {
	tx, err := w.pool.Begin(ctx)
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
	w.batch = ids
	return tx.Commit(ctx)
}

func (w *Worker) Run(ctx context.Context, run func(int64) error) error {
	for {
		if err := w.fill(ctx); err != nil {
			return err
		}
		for _, id := range w.batch {
			if err := run(id); err != nil {
				return err
			}
			if _, err := w.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
				return err
			}
		}
	}
}
