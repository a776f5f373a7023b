package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// Defaults for the EnqueueOptions left zero.
const (
	DefaultQueue       = "default"
	DefaultMaxAttempts = 25
)

// EnqueueOptions are per-job settings; the zero value is a job on the
// default queue, due now, with the table's default attempt limit.
type EnqueueOptions struct {
	Queue       string
	RunAt       time.Time // zero: now, by the database clock
	MaxAttempts int       // zero: DefaultMaxAttempts
}

// Insert is one job for EnqueueMany.
type Insert struct {
	Args    Args
	Options EnqueueOptions
}

const enqueueSQL = `
INSERT INTO jobs (queue, kind, payload, run_at, max_attempts)
VALUES ($1, $2, $3, coalesce($4, now()), $5)
RETURNING id`

const enqueueManySQL = `
INSERT INTO jobs (queue, kind, payload, run_at, max_attempts)
SELECT queue, kind, payload, coalesce(run_at, now()), max_attempts
FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::timestamptz[], $5::integer[])
    AS batch(queue, kind, payload, run_at, max_attempts)
RETURNING id`

// Enqueue adds a job inside the caller's transaction: the job exists if and
// only if the caller commits, together with whatever else the transaction
// wrote (the order that the email confirms, say). Workers waiting on the
// queue are woken when the transaction commits (notify.go).
func Enqueue(ctx context.Context, tx pgx.Tx, args Args, opts EnqueueOptions) (int64, error) {
	row, err := newRow(Insert{Args: args, Options: opts})
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRow(ctx, enqueueSQL, row.queue, row.kind, row.payload, row.runAt, row.maxAttempts).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, notifyDue(ctx, tx, dueQueues([]insertRow{row}))
}

// EnqueueMany adds jobs in one statement inside the caller's transaction and
// returns their IDs in order.
func EnqueueMany(ctx context.Context, tx pgx.Tx, jobs []Insert) ([]int64, error) {
	n := len(jobs)
	queues, kinds, payloads := make([]string, n), make([]string, n), make([]json.RawMessage, n)
	runAts, maxAttempts := make([]*time.Time, n), make([]int, n)
	all := make([]insertRow, n)
	for i, job := range jobs {
		row, err := newRow(job)
		if err != nil {
			return nil, fmt.Errorf("job %d: %w", i, err)
		}
		all[i] = row
		queues[i], kinds[i], payloads[i], runAts[i], maxAttempts[i] = row.queue, row.kind, row.payload, row.runAt, row.maxAttempts
	}
	rows, err := tx.Query(ctx, enqueueManySQL, queues, kinds, payloads, runAts, maxAttempts)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, err
	}
	return ids, notifyDue(ctx, tx, dueQueues(all))
}

// dueQueues are the queues, each once, of the rows due now (by this
// process's clock: a notification too many only costs a claim).
func dueQueues(rows []insertRow) []string {
	var queues []string
	now := time.Now()
	for _, r := range rows {
		if (r.runAt == nil || !r.runAt.After(now)) && !slices.Contains(queues, r.queue) {
			queues = append(queues, r.queue)
		}
	}
	return queues
}

// insertRow is one job's column values; a nil runAt means now.
type insertRow struct {
	queue, kind string
	payload     json.RawMessage
	runAt       *time.Time
	maxAttempts int
}

func newRow(job Insert) (insertRow, error) {
	if job.Args == nil {
		return insertRow{}, fmt.Errorf("queue: enqueue needs Args")
	}
	// Encoded once, here; the jsonb parameter takes the JSON text as is.
	payload, err := json.Marshal(job.Args)
	if err != nil {
		return insertRow{}, fmt.Errorf("queue: encode %s args: %w", job.Args.Kind(), err)
	}
	r := insertRow{queue: job.Options.Queue, kind: job.Args.Kind(), payload: payload, maxAttempts: job.Options.MaxAttempts}
	if r.queue == "" {
		r.queue = DefaultQueue
	}
	if r.maxAttempts <= 0 {
		r.maxAttempts = DefaultMaxAttempts
	}
	if !job.Options.RunAt.IsZero() {
		r.runAt = &job.Options.RunAt
	}
	return r, nil
}
