// The claim runs in a transaction and returns only an error, but it hands
// each job to the workers on a channel: the transaction commits while they
// run it, and a worker killed mid-job leaves it 'running' for ever.
package txcommitfirst_send

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID      int64
	Payload []byte
}

const claimSQL = `UPDATE jobs SET status = 'running' WHERE id IN (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id, payload`

func Dispatch(ctx context.Context, pool *pgxpool.Pool, out chan<- Job) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, claimSQL) // want `this claim moves the job to 'running' and writes no lease deadline`
	if err != nil {
		return err
	}
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID, &j.Payload); err != nil {
			return err
		}
		out <- j
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
