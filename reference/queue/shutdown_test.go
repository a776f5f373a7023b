package queue

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// On shutdown (SIGTERM, in the worker command) the worker stops claiming,
// and the job in hand finishes and is recorded.
func TestShutdownDrainsTheJobsInHand(t *testing.T) {
	_, pool := newDB(t)
	started, release := make(chan struct{}), make(chan struct{})
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		close(started)
		<-release
		return nil
	})
	first := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	stop := runWorker(t, NewWorker(pool, h, fast(Config{Concurrency: 2, Grace: time.Minute})))
	<-started

	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	time.Sleep(200 * time.Millisecond) // four poll intervals: a claim would happen now
	second := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	time.Sleep(200 * time.Millisecond)
	select {
	case <-stopped:
		t.Fatal("Run returned before the job in hand finished")
	default:
	}
	close(release)
	<-stopped

	require.Equal(t, "succeeded", getJob(t, pool, first).State)
	second_ := getJob(t, pool, second)
	require.Equal(t, "available", second_.State, "no claim after shutdown began")
	require.Zero(t, second_.Attempts)
}

// A job still running when the grace period ends is cancelled and goes back
// to the queue, its error recorded.
func TestShutdownCancelsJobsAfterTheGracePeriod(t *testing.T) {
	_, pool := newDB(t)
	started := make(chan struct{})
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		close(started)
		<-ctx.Done()
		return context.Cause(ctx)
	})
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	stop := runWorker(t, NewWorker(pool, h, fast(Config{Grace: 100 * time.Millisecond, Backoff: Backoff{Base: time.Hour, Max: time.Hour}})))
	<-started
	stop()

	job := getJob(t, pool, id)
	require.Equal(t, "available", job.State)
	require.Equal(t, 1, job.Attempts)
	require.Equal(t, errShutdown.Error(), *job.LastError)
}
