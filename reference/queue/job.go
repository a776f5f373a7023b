package queue

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Args are a job's arguments: a JSON-encodable value that names its kind.
// The kind picks the handler.
type Args interface {
	Kind() string
}

// Job is a claimed job, as its handler sees it.
type Job struct {
	ID    int64
	Queue string
	Kind  string
	// Payload is the job's arguments as JSON, exactly as stored: the typed
	// handler decodes it once.
	Payload json.RawMessage
	// Attempt is this claim's attempt number, from 1. Every claim counts
	// one more, and nothing lowers it (an operator's Retry adds attempts):
	// (ID, Attempt) is a fence. A downstream service that keeps the
	// highest Attempt it accepted per job ID turns away a stale run's late
	// write.
	Attempt     int
	MaxAttempts int
	LeasedUntil time.Time

	// token identifies this claim to the queue's own bookkeeping: the lease
	// renewal and the outcome are recorded only while the job still
	// carries it. A new one is drawn at every claim, so it is no
	// idempotency key: see IdempotencyKey.
	token string
	// waited is how long the job waited from when it was due to its
	// claim, by the database clock (for Metrics).
	waited time.Duration
}

// IdempotencyKey is the same on every attempt of the job: pass it to a
// provider that takes one (a payment API), so that a retry after a call
// that timed out once the provider had acted does not act twice. It is
// built from the job's ID, which is unique in one database; where jobs
// of several databases reach the same provider, or a restored backup
// reuses IDs, put a key in the job's arguments instead (derived from what
// the job is about: "subscription 42, December 2026").
func (j *Job) IdempotencyKey() string { return "job-" + strconv.FormatInt(j.ID, 10) }

// claimResult is what a bookkeeping statement did to one claim. A claim
// missing from its answer is lost: the job no longer carries its token.
type claimResult int

const (
	acted  claimResult = iota + 1
	locked             // still held, but its row was locked by another session: skipped, try again
)

// execForClaims runs a statement over many claims at once: it takes the
// jobs' IDs ($1) and claim tokens ($2), then args, and returns for each
// claim still held whether it acted on it or skipped its row, locked by
// another session. (By token, not job ID: one worker may hold two claims
// of a job, the older one lost.)
func execForClaims(ctx context.Context, pool *pgxpool.Pool, sql string, jobs []*Job, args ...any) (map[string]claimResult, error) {
	ids, tokens := make([]int64, len(jobs)), make([]string, len(jobs))
	for i, j := range jobs {
		ids[i], tokens[i] = j.ID, j.token
	}
	rows, err := pool.Query(ctx, sql, append([]any{ids, tokens}, args...)...)
	if err != nil {
		return nil, err
	}
	// Each claim comes once as acted on (or not at all), and once as the
	// statement's snapshot saw it: held and running, it was skipped.
	results := make(map[string]claimResult, len(jobs))
	var token string
	var done, running bool
	_, err = pgx.ForEachRow(rows, []any{&token, &done, &running}, func() error {
		switch {
		case done:
			results[token] = acted
		case running && results[token] != acted:
			results[token] = locked
		}
		return nil
	})
	return results, err
}
