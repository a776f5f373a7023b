package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
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
	// UniqueKey, if set, makes the job unique: an enqueue whose key a job
	// in the table already has inserts nothing and returns that job's ID,
	// whatever its state, until retention deletes it. Derive it from what
	// the job is about ("charge subscription 42 for 2026-12"), so that
	// every host's cron enqueues the one job.
	UniqueKey string
}

// Insert is one job for EnqueueMany.
type Insert struct {
	Args    Args
	Options EnqueueOptions
}

// enqueueSQL inserts one job. With a unique key ($6) that a job already
// has, it inserts nothing (ON CONFLICT on the partial unique index
// jobs_unique_key): existingSQL then finds that job. A concurrent enqueue
// of the same key that has not committed yet makes this one wait for its
// outcome.
const enqueueSQL = `
INSERT INTO jobs (queue, kind, payload, run_at, max_attempts, unique_key)
VALUES ($1, $2, $3, coalesce($4, now()), $5, $6)
ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL DO NOTHING
RETURNING id`

// enqueueManySQL inserts a batch, in order, as enqueueSQL does one job.
const enqueueManySQL = `
INSERT INTO jobs (queue, kind, payload, run_at, max_attempts, unique_key)
SELECT queue, kind, payload, coalesce(run_at, now()), max_attempts, unique_key
FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::timestamptz[], $5::integer[], $6::text[])
    AS batch(queue, kind, payload, run_at, max_attempts, unique_key)
ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL DO NOTHING
RETURNING id, unique_key`

// existingSQL finds the jobs that hold unique keys. (In a REPEATABLE READ
// or SERIALIZABLE transaction, a job committed by another one after this
// one began is out of its sight: Enqueue then fails.)
const existingSQL = `SELECT id, unique_key FROM jobs WHERE unique_key = ANY($1::text[])`

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
	err = tx.QueryRow(ctx, enqueueSQL, row.queue, row.kind, row.payload, row.runAt, row.maxAttempts, row.uniqueKey).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		existing, err := existingJobs(ctx, tx, []string{*row.uniqueKey})
		return existing[*row.uniqueKey], err
	}
	if err != nil {
		return 0, err
	}
	return id, notifyDue(ctx, tx, dueQueues([]insertRow{row}))
}

// existingJobs returns the IDs of the jobs that hold keys.
func existingJobs(ctx context.Context, tx pgx.Tx, keys []string) (map[string]int64, error) {
	rows, err := tx.Query(ctx, existingSQL, keys)
	if err != nil {
		return nil, err
	}
	ids := make(map[string]int64, len(keys))
	var id int64
	var key string
	if _, err := pgx.ForEachRow(rows, []any{&id, &key}, func() error { ids[key] = id; return nil }); err != nil {
		return nil, err
	}
	for _, k := range keys {
		if _, ok := ids[k]; !ok {
			return nil, fmt.Errorf("queue: enqueue: the job with unique key %q is out of this transaction's sight (REPEATABLE READ?)", k)
		}
	}
	return ids, nil
}

// EnqueueMany adds jobs in one statement inside the caller's transaction and
// returns their IDs in order (for a unique key already taken, in the table
// or earlier in the batch, the existing job's).
func EnqueueMany(ctx context.Context, tx pgx.Tx, jobs []Insert) ([]int64, error) {
	n := len(jobs)
	queues, kinds, payloads := make([]string, n), make([]string, n), make([]json.RawMessage, n)
	runAts, maxAttempts, uniqueKeys := make([]*time.Time, n), make([]int, n), make([]*string, n)
	all := make([]insertRow, n)
	for i, job := range jobs {
		row, err := newRow(job)
		if err != nil {
			return nil, fmt.Errorf("job %d: %w", i, err)
		}
		all[i] = row
		queues[i], kinds[i], payloads[i], runAts[i], maxAttempts[i], uniqueKeys[i] = row.queue, row.kind, row.payload, row.runAt, row.maxAttempts, row.uniqueKey
	}
	rows, err := tx.Query(ctx, enqueueManySQL, queues, kinds, payloads, runAts, maxAttempts, uniqueKeys)
	if err != nil {
		return nil, err
	}
	// The rows come back in the batch's order, those skipped left out (all
	// of them have a key): the jobs without a key take the returned rows
	// without one in turn; those with one are found by key.
	var inserted []int64
	byKey := map[string]int64{}
	var id int64
	var key *string
	_, err = pgx.ForEachRow(rows, []any{&id, &key}, func() error {
		if key == nil {
			inserted = append(inserted, id)
		} else {
			byKey[*key] = id
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var missing []string
	for _, k := range uniqueKeys {
		if k != nil && byKey[*k] == 0 && !slices.Contains(missing, *k) {
			missing = append(missing, *k)
		}
	}
	if len(missing) > 0 {
		existing, err := existingJobs(ctx, tx, missing)
		if err != nil {
			return nil, err
		}
		maps.Copy(byKey, existing)
	}
	ids := make([]int64, n)
	for i, k := range uniqueKeys {
		if k == nil {
			ids[i], inserted = inserted[0], inserted[1:]
		} else {
			ids[i] = byKey[*k]
		}
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
	uniqueKey   *string // nil: none
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
	if job.Options.UniqueKey != "" {
		r.uniqueKey = &job.Options.UniqueKey
	}
	return r, nil
}
