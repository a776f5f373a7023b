// One method records the job's outcome, the state chosen from the flag
// its caller passes, on the transaction that holds the claim, and returns
// the write's error. The worker drops it on both paths: after the
// handler succeeded that drops a completion (a failed UPDATE leaves the
// transaction open and the row locked, a failed COMMIT rolls the job
// back to queued, and the finished job runs again, with no line in the
// log either way); after a failure it drops a failure write, which leaves
// a job that did not succeed to the same fate.
package discarded_aftersuccess

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID int64
	tx pgx.Tx
}

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) Next(ctx context.Context) (*Job, error) {
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return nil, err
	}
	j := &Job{tx: tx}
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID); err != nil {
		tx.Rollback(ctx)
		return nil, err
	}
	return j, nil
}

func (j *Job) Complete(ctx context.Context, ok bool) error {
	status := "done"
	if !ok {
		status = "failed"
	}
	if _, err := j.tx.Exec(ctx, `UPDATE jobs SET status = $1 WHERE id = $2`, status, j.ID); err != nil {
		return err
	}
	return j.tx.Commit(ctx)
}

func Run(ctx context.Context, q *Queue, handle func(int64) error) {
	for ctx.Err() == nil {
		j, err := q.Next(ctx)
		if err != nil {
			continue
		}
		if err := handle(j.ID); err != nil {
			log.Printf("job %d: %v", j.ID, err)
			j.Complete(ctx, false)
			continue
		}
		j.Complete(ctx, true) // want `the error of this completion is discarded`
	}
}
