package queue

import (
	"encoding/json"
	"time"
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
	// recorded only while the job still carries it.
	Token       string
	LeasedUntil time.Time
}
