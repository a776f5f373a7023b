// A worker that fails a job at the limit and retries it below: the reset
// to pending runs on the other branch, and on the loop's next turn for
// another job, never after the failure it would undo.
package ok_failnotundone

import (
	"context"
	"database/sql"
	"log"
	"time"
)

const maxAttempts = 5

type Job struct {
	ID       int64
	Attempts int
	Payload  []byte
}

type Repo struct{ db *sql.DB }

func (r *Repo) Claim(ctx context.Context) (Job, error) {
	var j Job
	err := r.db.QueryRowContext(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts, payload`).Scan(&j.ID, &j.Attempts, &j.Payload)
	return j, err
}

func (r *Repo) MarkDone(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (r *Repo) MarkFailed(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

func (r *Repo) ResetPending(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id)
	return err
}

func Work(ctx context.Context, r *Repo, handle func([]byte) error) {
	for {
		j, err := r.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := handle(j.Payload); err == nil {
			_ = r.MarkDone(ctx, j.ID)
			continue
		}
		if j.Attempts >= maxAttempts {
			if err := r.MarkFailed(ctx, j.ID); err != nil {
				// The failure was not written: put the job back so the
				// next claim sees it, and fails it then.
				if err := r.ResetPending(ctx, j.ID); err != nil {
					log.Print(err)
				}
			}
			continue
		}
		if err := r.ResetPending(ctx, j.ID); err != nil {
			log.Print(err)
		}
	}
}
