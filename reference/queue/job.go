package queue

import (
	"context"
	"encoding/json"
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
	// Attempt is this claim's attempt number, from 1.
	Attempt     int
	MaxAttempts int
	// Token identifies this claim: the lease renewal and the outcome are
	// recorded only while the job still carries it. It is the fencing and
	// idempotency key for calls the handler makes downstream: a service
	// that remembers the last token it accepted per job (or takes it as an
	// idempotency key) turns away a stale run's late write, and a re-run
	// of the same claim cannot happen (every claim draws a new token).
	Token       string
	LeasedUntil time.Time
}

// execForClaims runs a statement over many claims at once: it takes the
// jobs' IDs ($1) and claim tokens ($2), then args, and returns the tokens of
// the claims it acted on, those that still held. (By token, not job ID: one
// worker may hold two claims of a job, the older one lost.)
func execForClaims(ctx context.Context, pool *pgxpool.Pool, sql string, jobs []*Job, args ...any) (map[string]bool, error) {
	ids, tokens := make([]int64, len(jobs)), make([]string, len(jobs))
	for i, j := range jobs {
		ids[i], tokens[i] = j.ID, j.Token
	}
	rows, err := pool.Query(ctx, sql, append([]any{ids, tokens}, args...)...)
	if err != nil {
		return nil, err
	}
	acted, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	held := make(map[string]bool, len(acted))
	for _, token := range acted {
		held[token] = true
	}
	return held, nil
}
