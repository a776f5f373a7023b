package queue

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"
)

// A stall longer than the lease: the job's lease runs out while its handler
// still runs (a handler that ignores cancellation), the job is reclaimed, and
// the same worker claims it again. The two claims are two jobs in hand: the
// second run starts only when the first has returned, the first's return
// does not cancel it, and its lease is renewed for as long as it runs.
func TestSameWorkerClaimsAJobItStillRuns(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	const lease = steadyLease
	id := enqueueNoops(t, pool, 1, EnqueueOptions{})[0]

	firstStarted, releaseFirst, secondStarted := make(chan struct{}), make(chan struct{}), make(chan struct{})
	var running, most atomic.Int32
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		n := running.Add(1)
		defer running.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		if job.Attempt == 1 {
			close(firstStarted)
			<-releaseFirst // stubborn: it does not look at ctx
			return nil
		}
		close(secondStarted)
		select {
		case <-time.After(3 * lease): // three leases: it needs its heartbeats
			return nil
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	})
	w := NewWorker(pool, h, fast(Config{Lease: lease, Backoff: Backoff{Base: time.Hour, Max: time.Hour}}))
	runWorker(t, w)
	var once sync.Once
	letFirstReturn := func() { once.Do(func() { close(releaseFirst) }) }
	t.Cleanup(letFirstReturn) // before the worker stops, should the test fail
	<-firstStarted

	// What the reclaimer does once the stalled lease has run out.
	_, err := pool.Exec(ctx, `
		UPDATE jobs SET state = 'available', run_at = now(), lease_token = NULL, leased_until = NULL
		WHERE id = $1`, id)
	require.NoError(t, err)
	waitWithin(t, 10*time.Second, "the worker to claim the job again", func() bool { return getJob(t, pool, id).Attempts == 2 })
	waitWithin(t, 10*time.Second, "both claims in hand", func() bool { return w.inHand() == 2 })
	select {
	case <-secondStarted:
		t.Fatal("the second run started while the first still ran")
	case <-time.After(200 * time.Millisecond):
	}

	letFirstReturn()
	<-secondStarted
	waitFor(t, "the job to finish", func() bool { return getJob(t, pool, id).State != "running" })
	job := getJob(t, pool, id)
	require.Equal(t, "succeeded", job.State, "last error: %v", job.LastError)
	require.Equal(t, 2, job.Attempts)
	require.EqualValues(t, 1, most.Load(), "one job ran twice at once in one worker")
}

// Handlers that hold every connection of the pool for longer than the lease
// do not starve the heartbeat: the worker renews its leases, and records
// outcomes, on connections the handlers cannot take. A second worker, with
// a pool of its own, finds no expired lease to reclaim: every job runs once.
func TestHandlersHoldingThePoolDoNotStarveTheHeartbeat(t *testing.T) {
	dsn, _ := newDB(t)
	const lease = steadyLease
	var mu sync.Mutex
	runs := map[int64]int{}
	handlers := func(pool *pgxpool.Pool) *Handlers {
		h := NewHandlers()
		Handle(h, func(ctx context.Context, job *Job, args noop) error {
			mu.Lock()
			runs[job.ID]++
			mu.Unlock()
			_, err := pool.Exec(ctx, `SELECT pg_sleep($1::float8)`, 2.5*lease.Seconds()) // holds a connection for 2.5 leases
			return err
		})
		return h
	}
	cfg, err := pgxpool.ParseConfig(dsn)
	require.NoError(t, err)
	cfg.MaxConns = 2
	small, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(small.Close)
	ids := enqueueNoops(t, small, 4, EnqueueOptions{})

	w := NewWorker(small, handlers(small), fast(Config{Concurrency: 4, Lease: lease}))
	runWorker(t, w)
	waitWithin(t, 10*time.Second, "the worker to claim every job", func() bool { return w.inHand() == 4 })
	other := newPool(t, dsn)
	runWorker(t, NewWorker(other, handlers(other), fast(Config{Concurrency: 4, Lease: lease})))

	waitFor(t, "every job to finish", func() bool { return countState(t, other, "succeeded")+countState(t, other, "failed") == 4 })
	mu.Lock()
	defer mu.Unlock()
	for _, id := range ids {
		require.Equal(t, 1, runs[id], "job %d", id)
		job := getJob(t, other, id)
		require.Equal(t, "succeeded", job.State, "job %d: %v", id, job.LastError)
		require.Equal(t, 1, job.Attempts, "job %d", id)
	}
}
