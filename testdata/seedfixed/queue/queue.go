// Package queue is the seed's job queue after the review: an atomic claim
// with a lease, a bounded retry, and bookkeeping kept apart from the work.
package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// MaxAttempts is how many times a job runs before it is marked failed.
const MaxAttempts = 5

// Lease is how long a claimed job belongs to its worker; a job whose lease
// expires (its worker died) is returned to the queue by ReclaimExpired.
const Lease = 5 * time.Minute

// A Handler runs one job of a kind with its decoded payload.
type Handler func(ctx context.Context, payload map[string]any) error

// Handlers maps a job kind to the function that runs it.
var Handlers = map[string]Handler{}

// Job is a claimed job.
type Job struct {
	ID       int64
	Kind     string
	Payload  []byte // jsonb, as text: decoded once, in runOne
	Attempts int    // including this one
}

// Enqueue adds a job inside the caller's transaction: it exists only if the
// caller commits.
func Enqueue(ctx context.Context, tx pgx.Tx, kind string, payload any, runAt time.Time) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, `INSERT INTO jobs (kind, payload, run_at) VALUES ($1, $2, $3)`, kind, body, runAt)
	return err
}

// Worker claims and runs jobs.
type Worker struct {
	Pool         *pgxpool.Pool
	PollInterval time.Duration
}

// claimJob takes the oldest runnable job in one statement: the row lock
// taken by FOR UPDATE SKIP LOCKED makes concurrent workers skip it, and the
// lease says until when it is this worker's.
func (w *Worker) claimJob(ctx context.Context) (*Job, error) {
	var job Job
	err := w.Pool.QueryRow(ctx, `
		UPDATE jobs
		SET status = 'running', attempts = attempts + 1,
		    locked_until = now() + $1 * interval '1 second'
		WHERE id = (
			SELECT id FROM jobs
			WHERE status = 'queued' AND run_at <= now()
			ORDER BY run_at
			LIMIT 1
			FOR UPDATE SKIP LOCKED)
		RETURNING id, kind, payload, attempts`, Lease.Seconds()).Scan(&job.ID, &job.Kind, &job.Payload, &job.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &job, nil
}

// ReclaimExpired returns jobs whose worker died (their lease expired) to the
// queue; it runs periodically.
func (w *Worker) ReclaimExpired(ctx context.Context) (int64, error) {
	tag, err := w.Pool.Exec(ctx, `
		UPDATE jobs SET status = 'queued', locked_until = NULL
		WHERE status = 'running' AND locked_until < now()`)
	return tag.RowsAffected(), err
}

func (w *Worker) finish(ctx context.Context, job *Job) error {
	_, err := w.Pool.Exec(ctx, `UPDATE jobs SET status = 'done', locked_until = NULL WHERE id = $1 AND status = 'running'`, job.ID)
	return err
}

// fail records a failed attempt: the job is retried with exponential
// backoff, or marked failed (visibly, with its last error) at the limit.
func (w *Worker) fail(ctx context.Context, job *Job, cause error) error {
	if job.Attempts >= MaxAttempts {
		_, err := w.Pool.Exec(ctx, `
			UPDATE jobs SET status = 'failed', locked_until = NULL, last_error = $2
			WHERE id = $1 AND status = 'running'`, job.ID, cause.Error())
		return err
	}
	delay := time.Duration(1<<job.Attempts) * time.Second
	_, err := w.Pool.Exec(ctx, `
		UPDATE jobs
		SET status = 'queued', locked_until = NULL,
		    run_at = now() + $2 * interval '1 second', last_error = $3
		WHERE id = $1 AND status = 'running'`, job.ID, delay.Seconds(), cause.Error())
	return err
}

// retry runs a bookkeeping write until it succeeds or ctx ends.
func retry(ctx context.Context, write func(context.Context) error) error {
	for wait := 100 * time.Millisecond; ; wait = min(2*wait, 10*time.Second) {
		err := write(ctx)
		if err == nil {
			return nil
		}
		log.Printf("bookkeeping write failed, retrying in %v: %v", wait, err)
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
	}
}

// runOne claims one job and runs it; it reports whether there was one.
func (w *Worker) runOne(ctx context.Context) (bool, error) {
	job, err := w.claimJob(ctx)
	if err != nil || job == nil {
		return false, err
	}
	handlerErr := runHandler(ctx, job)
	// The bookkeeping gets its own context: the job already ran, and its
	// outcome must be recorded even if shutdown has begun.
	book, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	if handlerErr == nil {
		err = retry(book, func(ctx context.Context) error { return w.finish(ctx, job) })
	} else {
		log.Printf("job %d failed: %v", job.ID, handlerErr)
		err = retry(book, func(ctx context.Context) error { return w.fail(ctx, job, handlerErr) })
	}
	if err != nil {
		// The lease expires and the reclaimer returns the job: log and go on.
		log.Printf("job %d: could not record its outcome: %v", job.ID, err)
	}
	return true, nil
}

func runHandler(ctx context.Context, job *Job) error {
	var payload map[string]any
	if err := json.Unmarshal(job.Payload, &payload); err != nil {
		return fmt.Errorf("payload: %w", err)
	}
	handler, ok := Handlers[job.Kind]
	if !ok {
		return fmt.Errorf("no handler for kind %q", job.Kind)
	}
	return handler(ctx, payload)
}

// Run works jobs until ctx is cancelled; the job in hand is finished first.
func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		found, err := w.runOne(ctx)
		if err != nil {
			log.Printf("claim: %v", err)
		}
		if found {
			continue
		}
		select {
		case <-ctx.Done():
		case <-time.After(w.PollInterval):
		}
	}
	return nil
}

// Reclaim returns expired leases to the queue every interval until ctx ends.
func (w *Worker) Reclaim(ctx context.Context, every time.Duration) {
	for {
		if n, err := w.ReclaimExpired(ctx); err != nil {
			log.Printf("reclaim: %v", err)
		} else if n > 0 {
			log.Printf("reclaimed %d expired job(s)", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}
