package takenblind // want package:"queues\\(public.jobs\\)"

// A consumer handed job ids by a broker marks each job running by key with
// no re-check of its state, runs it, and records on the same key whether
// it succeeded or failed.

import (
	"context"
	"database/sql"
	"os/exec"
)

type Job struct {
	ID      int64
	Command string
}

func Consume(ctx context.Context, db *sql.DB, jobs <-chan Job) { // want Consume:"claims jobs in a loop, completes jobs, fails jobs"
	for j := range jobs {
		go execute(ctx, db, j)
	}
}

func execute(ctx context.Context, db *sql.DB, job Job) { // want execute:"claims jobs, completes jobs, fails jobs"
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, job.ID); err != nil {
		return
	}
	out, err := exec.CommandContext(ctx, job.Command).CombinedOutput()
	status := "done"
	if err != nil {
		status = "failed"
	}
	db.ExecContext(ctx, `UPDATE jobs SET status = $1, output = $2 WHERE id = $3`, status, string(out), job.ID)
}
