package queue

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// noopV2 is noop's next version, as a rolling deploy brings it: the same
// kind, a field whose type changed. Old workers cannot decode it.
type noopV2 struct {
	N string `json:"n"`
}

func (noopV2) Kind() string { return "noop" }

// A payload the handler cannot decode is retried, as an unknown kind is:
// during a rolling deploy an old worker may claim a job that only the new
// version understands. After decodeAttempts attempts it fails for good,
// well before the job's attempt limit.
func TestPayloadDecodeErrorIsRetriedWithABudget(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	var id int64
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = Enqueue(ctx, tx, noopV2{N: "forty-two"}, EnqueueOptions{MaxAttempts: 25})
		return err
	}))
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { return nil })
	runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitFor(t, "the job to fail", func() bool { return getJob(t, pool, id).State == "failed" })

	job := getJob(t, pool, id)
	require.Equal(t, decodeAttempts, job.Attempts)
	require.Contains(t, *job.LastError, "decode noop args")
	var history []struct {
		Attempt int `json:"attempt"`
	}
	var raw []byte
	require.NoError(t, pool.QueryRow(ctx, `SELECT errors FROM jobs WHERE id = $1`, id).Scan(&raw))
	require.NoError(t, json.Unmarshal(raw, &history))
	require.Len(t, history, decodeAttempts, "one failure recorded per attempt")
}

// A panic's stored error keeps the stack trace: where the handler
// panicked, not only its value.
func TestPanicKeepsItsStackTrace(t *testing.T) {
	_, pool := newDB(t)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		var m map[string]int
		m["x"] = 1 // assignment to entry in nil map
		return nil
	})
	id := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 1})[0]
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: steadyLease})))
	waitFor(t, "the job to fail", func() bool { return getJob(t, pool, id).State == "failed" })
	stored := *getJob(t, pool, id).LastError
	require.Contains(t, stored, "handler panicked: assignment to entry in nil map")
	require.Contains(t, stored, "TestPanicKeepsItsStackTrace.func1", "the panicking function")
	require.Contains(t, stored, "handlers_test.go:", "its file and line")
}
