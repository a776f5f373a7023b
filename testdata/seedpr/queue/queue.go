// Package queue adds a jobs table and a worker loop. Jobs are claimed oldest
// first, retried with exponential backoff up to 5 attempts, and enqueued
// inside the caller's transaction so a job only exists if the work that
// created it committed. Handlers live in Handlers, keyed by job kind.
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

// defect: maxattempts
const MaxAttempts = 5

// A Handler runs one job of a kind with its decoded payload.
type Handler func(ctx context.Context, payload map[string]any) error

// Handlers maps a job kind to the function that runs it.
var Handlers = map[string]Handler{}

// Job is a claimed job.
type Job struct {
	ID       int64
	Kind     string
	Payload  any
	Attempts int
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

// claimJob returns the oldest runnable job, marked running, or nil.
func (w *Worker) claimJob(ctx context.Context) (*Job, error) {
	var job Job
	// defect: claimrace
	err := w.Pool.QueryRow(ctx, `
		SELECT id, kind, payload, attempts
		FROM jobs
		WHERE status = 'queued' AND run_at <= now()
		ORDER BY run_at
		LIMIT 1`).Scan(&job.ID, &job.Kind, &job.Payload, &job.Attempts)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	// defect: lease
	_, err = w.Pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, job.ID)
	if err != nil {
		return nil, err
	}
	return &job, nil
}

func (w *Worker) finish(ctx context.Context, job *Job) error {
	_, err := w.Pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, job.ID)
	return err
}

// fail puts the job back with exponential backoff.
func (w *Worker) fail(ctx context.Context, job *Job, cause error) error {
	delay := time.Duration(1<<job.Attempts) * time.Second
	_, err := w.Pool.Exec(ctx, `
		UPDATE jobs
		SET status = 'queued', attempts = attempts + 1,
		    run_at = now() + $2 * interval '1 second', last_error = $3
		WHERE id = $1`, job.ID, delay.Seconds(), cause.Error())
	return err
}

// runOne claims one job and runs it; it reports whether there was one.
func (w *Worker) runOne(ctx context.Context) (bool, error) {
	job, err := w.claimJob(ctx)
	if err != nil || job == nil {
		return false, err
	}
	err = func() error {
		var payload map[string]any
		// defect: doubledecode
		if err := json.Unmarshal(job.Payload.([]byte), &payload); err != nil {
			return err
		}
		handler, ok := Handlers[job.Kind]
		if !ok {
			return fmt.Errorf("no handler for kind %q", job.Kind)
		}
		if err := handler(ctx, payload); err != nil {
			return err
		}
		// defect: bookkeeping
		return w.finish(ctx, job)
	}()
	if err != nil {
		log.Printf("job %d failed: %v", job.ID, err)
		// defect: bookkeeping
		if err := w.fail(ctx, job, err); err != nil {
			return true, err
		}
	}
	return true, nil
}

// Run works jobs until an error stops it.
func (w *Worker) Run(ctx context.Context) error {
	for {
		found, err := w.runOne(ctx)
		if err != nil {
			return err
		}
		if !found {
			time.Sleep(w.PollInterval)
		}
	}
}
