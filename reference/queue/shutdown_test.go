package queue

import (
	"context"
	"fmt"
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

// A handler that ignores its context cannot keep Run alive: StopTimeout
// after the grace period, Run returns, naming the job it abandoned.
func TestShutdownAbandonsAHandlerThatIgnoresCancellation(t *testing.T) {
	_, pool := newDB(t)
	started, release := make(chan struct{}), make(chan struct{})
	t.Cleanup(func() { close(release) })
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		close(started)
		<-release // stubborn
		return nil
	})
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	w := NewWorker(pool, h, fast(Config{Grace: 100 * time.Millisecond, StopTimeout: 200 * time.Millisecond}))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	<-started
	cancel()
	select {
	case err := <-done:
		require.ErrorContains(t, err, fmt.Sprintf("jobs [%d] ignored cancellation", id))
	case <-time.After(10 * time.Second):
		t.Fatal("Run is still waiting for a handler that ignores its context")
	}
}

// A SIGTERM while a claim waits in the database does not cut the claim: the
// jobs it commits are run, not left running with nobody to run them.
func TestShutdownDuringAClaimRunsWhatItClaimed(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	locker, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer locker.Rollback(ctx)
	_, err = locker.Exec(ctx, `LOCK TABLE jobs IN EXCLUSIVE MODE`) // the claim waits
	require.NoError(t, err)

	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { return nil })
	stop := runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitWithin(t, 10*time.Second, "the claim to wait for the lock", func() bool {
		var n int
		require.NoError(t, pool.QueryRow(ctx, `
			SELECT count(*) FROM pg_stat_activity
			WHERE wait_event_type = 'Lock' AND query LIKE '%WITH due AS%' AND datname = current_database()`).Scan(&n))
		return n == 1
	})
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	time.Sleep(200 * time.Millisecond) // shutdown has begun, mid-claim
	require.NoError(t, locker.Commit(ctx))
	select {
	case <-stopped:
	case <-time.After(30 * time.Second):
		t.Fatal("Run did not return")
	}
	require.Equal(t, "succeeded", getJob(t, pool, id).State)
}

// An invalid configuration is an error from Run, not a panic.
func TestInvalidConfigurationIsAnError(t *testing.T) {
	_, pool := newDB(t)
	for _, cfg := range []Config{{Lease: -time.Second}, {Concurrency: -1}, {Backoff: Backoff{Base: time.Minute, Max: time.Second}}} {
		err := NewWorker(pool, NewHandlers(), cfg).Run(context.Background())
		require.ErrorContains(t, err, "invalid worker configuration", "%+v", cfg)
	}
}
