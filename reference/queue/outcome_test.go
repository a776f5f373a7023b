package queue

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A handler error PostgreSQL cannot store as text (a NUL byte, invalid
// UTF-8: SQLSTATE 22021), or a huge one, is still recorded: sanitized and
// capped, the job fails as any failure does, and the real error is kept
// rather than "lease expired".
func TestUnstorableHandlerErrorsAreRecorded(t *testing.T) {
	_, pool := newDB(t)
	huge := strings.Repeat("x", 10<<20)
	errs := []error{errors.New("nul \x00 byte"), errors.New("bad \xff utf-8"), errors.New(huge)}
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { return errs[args.N] })
	ids := enqueueNoops(t, pool, len(errs), EnqueueOptions{MaxAttempts: 1})
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: time.Second})))
	waitWithin(t, 30*time.Second, "every job to fail", func() bool { return countState(t, pool, "failed") == len(errs) })

	require.Equal(t, "nul \uFFFD byte", *getJob(t, pool, ids[0]).LastError)
	require.Equal(t, "bad \uFFFD utf-8", *getJob(t, pool, ids[1]).LastError)
	stored := *getJob(t, pool, ids[2]).LastError
	require.LessOrEqual(t, len(stored), maxErrorBytes)
	require.True(t, strings.HasPrefix(stored, "xxxxxxxx"), "%.40q", stored)
	require.True(t, strings.HasSuffix(stored, "[truncated from 10485760 bytes]"), "%.40q", stored[len(stored)-40:])
}

// Error text is cut on a character boundary and stays valid UTF-8.
func TestStoredErrorCutsOnACharacterBoundary(t *testing.T) {
	s := storedError(errors.New(strings.Repeat("é", maxErrorBytes)))
	require.LessOrEqual(t, len(s), maxErrorBytes)
	require.True(t, strings.HasPrefix(s, "éé"))
	require.True(t, strings.Contains(s, "é… [truncated"), "%q", s[len(s)-50:])
	require.Equal(t, "plain", storedError(errors.New("plain")))
}

// A job that takes its worker down (out of memory, a crash) comes back after
// the backoff of an ordinary failure, not at once to take down the next
// worker, and its error history keeps what happened on each attempt.
func TestReclaimBacksOffAndKeepsTheErrorHistory(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	b := Backoff{Base: 10 * time.Second, Max: 10 * time.Second}
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]

	first, err := claim(ctx, pool, DefaultQueue, 1, time.Minute, nil)
	require.NoError(t, err)
	require.Len(t, first, 1)
	require.NoError(t, fail(ctx, pool, first[0], errors.New("smtp timeout"), b))

	later := time.Now().Add(time.Minute) // past the first backoff
	second, err := claim(ctx, pool, DefaultQueue, 1, 50*time.Millisecond, &later)
	require.NoError(t, err)
	require.Len(t, second, 1)
	time.Sleep(100 * time.Millisecond) // the worker died: no renewal
	n, err := reclaim(ctx, pool, 10, b)
	require.NoError(t, err)
	require.EqualValues(t, 1, n)

	var delay time.Duration
	var history []struct {
		Attempt int    `json:"attempt"`
		Error   string `json:"error"`
	}
	require.NoError(t, pool.QueryRow(ctx, `
		SELECT (extract(epoch FROM run_at - now()) * 1e6)::bigint * 1000, errors FROM jobs WHERE id = $1`, id).Scan(&delay, &history))
	require.GreaterOrEqual(t, delay, 4*time.Second, "attempt 2 backs off base·2, capped at 10 s, times [0.5, 1)")
	require.Len(t, history, 2)
	require.Equal(t, 1, history[0].Attempt)
	require.Equal(t, "smtp timeout", history[0].Error)
	require.Equal(t, 2, history[1].Attempt)
	require.Contains(t, history[1].Error, "lease expired")
	job := getJob(t, pool, id)
	require.Equal(t, "available", job.State)
	require.Contains(t, *job.LastError, "lease expired")
}
