package queue

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A handler waiting on a hung provider is cancelled at its kind's timeout:
// the attempt fails (and is retried), and the slot it held runs the next
// job.
func TestJobTimeoutCancelsAHungHandler(t *testing.T) {
	_, pool := newDB(t)
	ids := enqueueNoops(t, pool, 2, EnqueueOptions{MaxAttempts: 1})
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		if args.N == 0 {
			<-ctx.Done() // the provider never answers
			return ctx.Err()
		}
		return nil
	}, Timeout(300*time.Millisecond))
	// The worker's default would be an hour: the kind's own timeout decides.
	runWorker(t, NewWorker(pool, h, fast(Config{Concurrency: 1, Lease: steadyLease, JobTimeout: time.Hour})))
	waitWithin(t, 10*time.Second, "both jobs to finish", func() bool {
		return countState(t, pool, "failed")+countState(t, pool, "succeeded") == 2
	})
	hung := getJob(t, pool, ids[0])
	require.Equal(t, "failed", hung.State)
	require.Contains(t, *hung.LastError, ErrJobTimeout.Error())
	require.Equal(t, "succeeded", getJob(t, pool, ids[1]).State)
}

// The worker's JobTimeout applies to the kinds without a timeout of their
// own.
func TestDefaultJobTimeout(t *testing.T) {
	_, pool := newDB(t)
	id := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 1})[0]
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		<-ctx.Done()
		return ctx.Err()
	})
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: steadyLease, JobTimeout: 300 * time.Millisecond})))
	waitWithin(t, 10*time.Second, "the job to fail", func() bool { return getJob(t, pool, id).State == "failed" })
	require.Contains(t, *getJob(t, pool, id).LastError, ErrJobTimeout.Error())
}

// A handler that ignores the timeout's cancellation is logged as stuck, no
// longer holds its slot (the next job runs), and its lease is no longer
// renewed: the job goes back to the queue as a dead worker's would.
func TestStuckJobIsLoggedAndLetGo(t *testing.T) {
	_, pool := newDB(t)
	ids := enqueueNoops(t, pool, 2, EnqueueOptions{MaxAttempts: 1})
	release := make(chan struct{})
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		if args.N == 0 && job.Attempt == 1 {
			<-release // ignores ctx
		}
		return nil
	})
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	runWorker(t, NewWorker(pool, h, fast(Config{Concurrency: 1, Lease: steadyLease, JobTimeout: 200 * time.Millisecond, Logger: log})))
	t.Cleanup(func() { close(release) }) // before the worker stops

	waitWithin(t, 10*time.Second, "the next job to run", func() bool { return getJob(t, pool, ids[1]).State == "succeeded" })
	waitWithin(t, 10*time.Second, "the stuck job's lease to expire", func() bool { return getJob(t, pool, ids[0]).State == "failed" })
	require.Contains(t, *getJob(t, pool, ids[0]).LastError, "lease expired")
	require.Contains(t, logs.String(), "job stuck")
}

// syncBuffer is a bytes.Buffer that loggers on many goroutines can share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Clone(s.b.String())
}
