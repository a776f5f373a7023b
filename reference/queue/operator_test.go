package queue

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Retry brings a failed job back with more attempts (not a single one),
// its attempt count going on from where it stopped: the fence (ID,
// Attempt) never goes back.
func TestRetryGivesAFailedJobMoreAttempts(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	var runs atomic.Int32
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		runs.Add(1)
		return errors.New("provider down")
	})
	id := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 2})[0]
	runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitFor(t, "the job to fail", func() bool { return getJob(t, pool, id).State == "failed" })
	require.Equal(t, 2, getJob(t, pool, id).Attempts)

	require.NoError(t, Retry(ctx, pool, id, 3))
	waitFor(t, "the job to fail again", func() bool {
		j := getJob(t, pool, id)
		return j.State == "failed" && j.Attempts == 5
	})
	require.EqualValues(t, 5, runs.Load())

	require.ErrorIs(t, Retry(ctx, pool, id+1, 3), ErrNoSuchJob)
	require.Error(t, Retry(ctx, pool, id, 0), "at least one attempt")
}

// Retry refuses a job that succeeded (a charge would run again) or runs.
func TestRetryRefusesSucceededAndRunningJobs(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	ids := enqueueNoops(t, pool, 2, EnqueueOptions{})
	claimed, err := claim(ctx, pool, DefaultQueue, 2, time.Minute, nil)
	require.NoError(t, err)
	require.NoError(t, complete(ctx, pool, claimed[0]))
	require.ErrorContains(t, Retry(ctx, pool, ids[0], 1), "succeeded")
	require.ErrorContains(t, Retry(ctx, pool, ids[1], 1), "running")
	require.Equal(t, "running", getJob(t, pool, ids[1]).State)
}

// Cancel stops a waiting job for good, and a running one too: its
// handler's context is cancelled at the next heartbeat, and what it
// returns is not recorded.
func TestCancel(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	waiting := enqueueNoops(t, pool, 1, EnqueueOptions{Queue: "later", RunAt: time.Now().Add(time.Hour)})[0]
	require.NoError(t, Cancel(ctx, pool, waiting))
	job := getJob(t, pool, waiting)
	require.Equal(t, "failed", job.State)
	require.Contains(t, *job.LastError, "cancelled")

	started := make(chan struct{})
	cause := make(chan error, 1)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		close(started)
		<-ctx.Done()
		cause <- context.Cause(ctx)
		return nil // would record success, if the fence let it
	})
	running := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]
	runWorker(t, NewWorker(pool, h, fast(Config{Lease: steadyLease})))
	<-started
	require.NoError(t, Cancel(ctx, pool, running))
	select {
	case err := <-cause:
		require.ErrorIs(t, err, ErrLeaseLost)
	case <-time.After(5 * time.Second):
		t.Fatal("the cancelled job's handler was not cancelled")
	}
	time.Sleep(200 * time.Millisecond) // its outcome, if it were recorded
	job = getJob(t, pool, running)
	require.Equal(t, "failed", job.State)
	require.Contains(t, *job.LastError, "cancelled")

	require.ErrorContains(t, Cancel(ctx, pool, running), "failed")
}

// List finds jobs by state, kind, queue and age.
func TestList(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	ids := enqueueNoops(t, pool, 4, EnqueueOptions{})
	_, err := pool.Exec(ctx, `UPDATE jobs SET created_at = now() - interval '2 hours' WHERE id = ANY($1)`, ids[:2])
	require.NoError(t, err)
	require.NoError(t, Cancel(ctx, pool, ids[0]))

	listed := func(f ListFilter) (got []int64) {
		jobs, err := List(ctx, pool, f)
		require.NoError(t, err)
		for _, j := range jobs {
			got = append(got, j.ID)
		}
		return got
	}
	require.Equal(t, ids, listed(ListFilter{}))
	require.Equal(t, ids[:1], listed(ListFilter{State: "failed"}))
	require.Equal(t, ids[1:], listed(ListFilter{State: "available", Kind: "noop"}))
	require.Empty(t, listed(ListFilter{Kind: "send_email"}))
	require.Empty(t, listed(ListFilter{Queue: "elsewhere"}))
	require.Equal(t, ids[:2], listed(ListFilter{OlderThan: time.Hour}))
	require.Equal(t, ids[1:2], listed(ListFilter{State: "available", OlderThan: time.Hour}))
	require.Equal(t, ids[:3], listed(ListFilter{Limit: 3}))

	jobs, err := List(ctx, pool, ListFilter{State: "failed"})
	require.NoError(t, err)
	require.Equal(t, "noop", jobs[0].Kind)
	require.NotNil(t, jobs[0].FinishedAt)
	require.Contains(t, *jobs[0].LastError, "cancelled")
}
