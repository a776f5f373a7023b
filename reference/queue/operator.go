package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The operator's calls: what the person on call does to a job. The
// command reference/cmd/jobs runs them from a shell. (Hand-written
// UPDATEs go wrong: setting a failed job's state back to 'available'
// breaks the CHECK that only finished jobs have finished_at, and the
// UPDATE that clears it too leaves the job at its attempt limit: one more
// attempt, without retries.)

// ErrNoSuchJob is returned for a job ID that is not in the table (never
// enqueued, or deleted by retention).
var ErrNoSuchJob = errors.New("queue: no such job")

// retrySQL makes a failed job, or one waiting for a later run, available
// now, with $2 more attempts than it has used. Its attempt count goes on
// (the fence (ID, Attempt) never goes back) and its error history is
// kept. A job that succeeded is not retried: a charge would run again.
// No claim holds such a job (lease_token IS NULL): failures, reclaims and
// cancels clear it.
const retrySQL = `
UPDATE jobs
SET state = 'available', run_at = now(), finished_at = NULL,
    max_attempts = attempts + $2
WHERE id = $1 AND state IN ('failed', 'available') AND lease_token IS NULL`

// Retry makes the failed (or waiting) job id available now, with attempts
// more attempts.
func Retry(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts < 1 {
		return fmt.Errorf("queue: retry job %d: %d attempts: give it at least one", id, attempts)
	}
	tag, err := pool.Exec(ctx, retrySQL, id, attempts)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notInState(ctx, pool, id, "retry", "failed or available")
	}
	return nil
}

// cancelSQL stops a job that has not finished, for good: it ends in
// 'failed' with the reason in its error history. A running job's claim is
// cleared: its worker's next heartbeat finds the claim gone and cancels
// the handler with ErrLeaseLost, and what the handler returns is fenced
// out.
const cancelSQL = `
UPDATE jobs
SET state = 'failed', finished_at = now(), leased_until = NULL, lease_token = NULL,
    last_error = 'cancelled by an operator',
    errors = errors || jsonb_build_object('attempt', attempts, 'at', now(), 'error', 'cancelled by an operator')
WHERE id = $1 AND state IN ('available', 'running')`

// Cancel stops the job id, waiting or running. A running handler is
// cancelled within a third of its worker's lease; a charge it had begun
// may still have gone through.
func Cancel(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	//jobqlint:ignore stateguard the operator's cancel overrides whichever claim holds the job; the fence turns that worker's outcome away
	tag, err := pool.Exec(ctx, cancelSQL, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return notInState(ctx, pool, id, "cancel", "available or running")
	}
	return nil
}

// notInState explains why an operator's call changed nothing.
func notInState(ctx context.Context, pool *pgxpool.Pool, id int64, verb, want string) error {
	var state string
	err := pool.QueryRow(ctx, `SELECT state FROM jobs WHERE id = $1`, id).Scan(&state)
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("%w: %d", ErrNoSuchJob, id)
	}
	if err != nil {
		return err
	}
	return fmt.Errorf("queue: %s job %d: it is %s, not %s", verb, id, state, want)
}

// ListFilter selects jobs for List. Zero fields select everything.
type ListFilter struct {
	State     string        // available, running, succeeded or failed
	Kind      string        // the Args' Kind()
	Queue     string        //
	OlderThan time.Duration // enqueued more than this long ago
	Limit     int           // at most this many, oldest first [100]
}

// JobInfo is a job as List shows it.
type JobInfo struct {
	ID                    int64
	Queue, Kind, State    string
	Attempts, MaxAttempts int
	RunAt, CreatedAt      time.Time
	FinishedAt            *time.Time
	LastError             *string
}

// listSQL is the operator's look at the table, oldest first. An empty
// filter matches every row; it is no hot path (the poll has its index).
const listSQL = `
SELECT id, queue, kind, state, attempts, max_attempts, run_at, created_at, finished_at, last_error
FROM jobs
WHERE ($1 = '' OR state = $1) AND ($2 = '' OR kind = $2) AND ($3 = '' OR queue = $3)
    AND created_at <= now() - $4::float8 * interval '1 second'
ORDER BY id
LIMIT $5`

// List returns the jobs that f selects.
func List(ctx context.Context, pool *pgxpool.Pool, f ListFilter) ([]JobInfo, error) {
	if f.Limit <= 0 {
		f.Limit = 100
	}
	rows, err := pool.Query(ctx, listSQL, f.State, f.Kind, f.Queue, f.OlderThan.Seconds(), f.Limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (JobInfo, error) {
		var j JobInfo
		err := row.Scan(&j.ID, &j.Queue, &j.Kind, &j.State, &j.Attempts, &j.MaxAttempts, &j.RunAt, &j.CreatedAt, &j.FinishedAt, &j.LastError)
		return j, err
	})
}
