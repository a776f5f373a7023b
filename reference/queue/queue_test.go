package queue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// The claim: many workers, each with its own pool of connections, and every
// job runs exactly once.
func TestEveryJobRunsExactlyOnceAcrossWorkers(t *testing.T) {
	dsn, pool := newDB(t)
	const jobs = 2000
	ids := enqueueNoops(t, pool, jobs, EnqueueOptions{})

	var mu sync.Mutex
	runs := map[int64]int{}
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		mu.Lock()
		runs[job.ID]++
		mu.Unlock()
		return nil
	})
	for range 4 {
		runWorker(t, NewWorker(newPool(t, dsn), h, fast(Config{Concurrency: 8})))
	}
	waitFor(t, "every job to succeed", func() bool { return countState(t, pool, "succeeded") == jobs })

	mu.Lock()
	defer mu.Unlock()
	require.Len(t, runs, jobs)
	for _, id := range ids {
		require.Equal(t, 1, runs[id], "job %d", id)
	}
}

// A rolled-back enqueue leaves no job: the job exists only if the caller's
// transaction commits.
func TestRolledBackEnqueueLeavesNoJob(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	tx, err := pool.Begin(ctx)
	require.NoError(t, err)
	_, err = Enqueue(ctx, tx, noop{}, EnqueueOptions{})
	require.NoError(t, err)
	_, err = EnqueueMany(ctx, tx, []Insert{{Args: noop{}}, {Args: noop{}}})
	require.NoError(t, err)
	require.NoError(t, tx.Rollback(ctx))

	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs`).Scan(&n))
	require.Zero(t, n)
}

// The payload is encoded once at enqueue and decoded once into the typed
// arguments.
func TestTypedHandlerGetsTheArguments(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	var id int64
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		id, err = Enqueue(ctx, tx, noop{N: 42}, EnqueueOptions{})
		return err
	}))
	var stored string
	require.NoError(t, pool.QueryRow(ctx, `SELECT payload->>'n' FROM jobs WHERE id = $1`, id).Scan(&stored))
	require.Equal(t, "42", stored, "the payload is a JSON object, not a JSON string")

	got := make(chan noop, 1)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { got <- args; return nil })
	runWorker(t, NewWorker(pool, h, fast(Config{})))
	require.Equal(t, noop{N: 42}, <-got)
}

// A new job wakes an idle worker through LISTEN/NOTIFY, long before its
// next poll.
func TestNotificationWakesAnIdleWorker(t *testing.T) {
	_, pool := newDB(t)
	ran := make(chan int64, 1)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { ran <- job.ID; return nil })
	runWorker(t, NewWorker(pool, h, fast(Config{PollInterval: time.Hour})))
	waitFor(t, "the worker to listen", func() bool {
		var n int
		require.NoError(t, pool.QueryRow(context.Background(),
			`SELECT count(*) FROM pg_stat_activity WHERE query = 'LISTEN `+notifyChannel+`'`).Scan(&n))
		return n == 1
	})
	ids := enqueueNoops(t, pool, 1, EnqueueOptions{})
	select {
	case id := <-ran:
		require.Equal(t, ids[0], id)
	case <-time.After(30 * time.Second):
		t.Fatal("the notification did not wake the worker (its next poll is an hour away)")
	}
}

// A job whose worker died comes back when its lease expires, with the
// attempt counted; at the attempt limit it fails instead.
func TestExpiredLeaseIsReclaimed(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	ids := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 2})

	for attempt := 1; attempt <= 2; attempt++ {
		// A lease long enough that the first reclaim comes within it on a
		// loaded machine. As of a second later: the reclaimed job is due
		// after its backoff (up to 1 ms), which a fast claim may not reach.
		later := time.Now().Add(time.Second)
		claimed, err := claim(ctx, pool, DefaultQueue, 1, time.Second, &later)
		require.NoError(t, err)
		require.Len(t, claimed, 1, "attempt %d", attempt)
		require.Equal(t, attempt, claimed[0].Attempt)

		n, err := reclaim(ctx, pool, 10, Backoff{Base: time.Millisecond, Max: time.Millisecond})
		require.NoError(t, err)
		require.Zero(t, n, "a live lease is not reclaimed")

		time.Sleep(1200 * time.Millisecond) // the worker "died": no renewal
		n, err = reclaim(ctx, pool, 10, Backoff{Base: time.Millisecond, Max: time.Millisecond})
		require.NoError(t, err)
		require.EqualValues(t, 1, n)
	}
	job := getJob(t, pool, ids[0])
	require.Equal(t, "failed", job.State, "the second expiry used the last attempt")
	require.Equal(t, 2, job.Attempts)
	require.Contains(t, *job.LastError, "lease expired")
}

// Heartbeats keep a long job's lease: it runs for many lease periods and is
// not reclaimed.
func TestHeartbeatKeepsALongJob(t *testing.T) {
	dsn, pool := newDB(t)
	ids := enqueueNoops(t, pool, 1, EnqueueOptions{})
	var runs atomic.Int32
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		runs.Add(1)
		select {
		case <-time.After(2*steadyLease + steadyLease/2): // past two expiries
			return nil
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	})
	cfg := fast(Config{Lease: steadyLease})
	runWorker(t, NewWorker(pool, h, cfg))
	// A second worker reclaims expired leases as well.
	runWorker(t, NewWorker(newPool(t, dsn), h, cfg))
	waitFor(t, "the job to succeed", func() bool { return getJob(t, pool, ids[0]).State == "succeeded" })
	require.EqualValues(t, 1, runs.Load())
	require.Equal(t, 1, getJob(t, pool, ids[0]).Attempts)
}

// Fencing: a worker whose lease expired and whose job was claimed again can
// renew nothing and record nothing; the new holder records the outcome.
func TestStaleWorkerIsFencedOut(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	ids := enqueueNoops(t, pool, 1, EnqueueOptions{})

	stale, err := claim(ctx, pool, DefaultQueue, 1, 50*time.Millisecond, nil)
	require.NoError(t, err)
	require.Len(t, stale, 1)
	time.Sleep(100 * time.Millisecond) // paused (a long GC, a network partition) past its lease
	n, err := reclaim(ctx, pool, 10, Backoff{Base: time.Millisecond, Max: time.Millisecond})
	require.NoError(t, err)
	require.EqualValues(t, 1, n)

	// Before anyone claims it again, the stale worker is already out.
	require.ErrorIs(t, complete(ctx, pool, stale[0]), ErrLeaseLost)

	current, err := claim(ctx, pool, DefaultQueue, 1, time.Minute, nil)
	require.NoError(t, err)
	require.Len(t, current, 1)
	require.NotEqual(t, stale[0].token, current[0].token)

	still, err := renew(ctx, pool, stale, time.Minute)
	require.NoError(t, err)
	require.Zero(t, still[stale[0].token], "the stale worker's renewal must not extend the new lease")
	require.ErrorIs(t, complete(ctx, pool, stale[0]), ErrLeaseLost)
	require.ErrorIs(t, fail(ctx, pool, stale[0], errors.New("stale"), Backoff{time.Second, time.Second}), ErrLeaseLost)
	require.Equal(t, "running", getJob(t, pool, ids[0]).State)

	require.NoError(t, complete(ctx, pool, current[0]))
	job := getJob(t, pool, ids[0])
	require.Equal(t, "succeeded", job.State)
	require.Equal(t, current[0].token, *job.Token)
}

// A job that keeps failing stops at its attempt limit in the visible state
// 'failed', keeping its last error; a permanent error fails it at once.
func TestMaxAttemptsEndsInFailed(t *testing.T) {
	_, pool := newDB(t)
	var runs sync.Map
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		n, _ := runs.LoadOrStore(job.ID, new(atomic.Int32))
		attempt := n.(*atomic.Int32).Add(1)
		if args.N == 1 {
			return fmt.Errorf("card declined: %w", ErrPermanent)
		}
		return fmt.Errorf("smtp timeout (attempt %d)", attempt)
	})
	flaky := enqueueNoops(t, pool, 1, EnqueueOptions{MaxAttempts: 3})[0]
	var permanent int64
	require.NoError(t, pgx.BeginFunc(context.Background(), pool, func(tx pgx.Tx) (err error) {
		permanent, err = Enqueue(context.Background(), tx, noop{N: 1}, EnqueueOptions{MaxAttempts: 3})
		return err
	}))
	runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitFor(t, "both jobs to fail", func() bool { return countState(t, pool, "failed") == 2 })

	job := getJob(t, pool, flaky)
	require.Equal(t, 3, job.Attempts)
	require.Equal(t, "smtp timeout (attempt 3)", *job.LastError)
	job = getJob(t, pool, permanent)
	require.Equal(t, 1, job.Attempts)
	require.Equal(t, "card declined: permanent failure", *job.LastError)
}

// The retry delay is exponential with jitter, capped, and added to the
// database clock.
func TestBackoffUsesTheDatabaseClock(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	b := Backoff{Base: 10 * time.Second, Max: 30 * time.Second}
	ids := enqueueNoops(t, pool, 1, EnqueueOptions{})
	// attempt n waits base·2^(n-1), capped, times [0.5, 1).
	for attempt, want := range map[int]time.Duration{1: 10 * time.Second, 2: 20 * time.Second, 3: 30 * time.Second, 4: 30 * time.Second} {
		_, err := pool.Exec(ctx, `UPDATE jobs SET state = 'available', run_at = now(), attempts = $2 - 1 WHERE id = $1`, ids[0], attempt)
		require.NoError(t, err)
		claimed, err := claim(ctx, pool, DefaultQueue, 1, time.Minute, nil)
		require.NoError(t, err)
		require.Len(t, claimed, 1)
		require.Equal(t, attempt, claimed[0].Attempt)
		require.NoError(t, fail(ctx, pool, claimed[0], errors.New("boom"), b))

		var delay time.Duration
		require.NoError(t, pool.QueryRow(ctx,
			`SELECT (extract(epoch FROM run_at - now()) * 1e6)::bigint * 1000 FROM jobs WHERE id = $1`, ids[0]).Scan(&delay))
		require.Equal(t, "available", getJob(t, pool, ids[0]).State)
		require.GreaterOrEqual(t, delay, want/2-time.Second, "attempt %d", attempt)
		require.LessOrEqual(t, delay, want, "attempt %d", attempt)
	}
}

// Retention deletes the jobs finished longer ago than the retention period,
// and nothing else.
func TestRetentionDeletesOldFinishedJobs(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	ids := enqueueNoops(t, pool, 25, EnqueueOptions{})
	_, err := pool.Exec(ctx, `
		UPDATE jobs SET state = CASE WHEN id % 2 = 0 THEN 'succeeded' ELSE 'failed' END,
		    finished_at = now() - interval '91 days' WHERE id <= $1`, ids[19])
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `UPDATE jobs SET state = 'succeeded', finished_at = now() - interval '89 days' WHERE id = $1`, ids[20])
	require.NoError(t, err)

	n, err := deleteFinished(ctx, pool, 90*24*time.Hour, 7) // three batches
	require.NoError(t, err)
	require.EqualValues(t, 20, n)
	var left int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs`).Scan(&left))
	require.Equal(t, 5, left)
}

// A handler that panics fails its job; the worker goes on.
func TestPanickingHandlerFailsItsJob(t *testing.T) {
	_, pool := newDB(t)
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		if args.N == 0 {
			panic("nil map")
		}
		return nil
	})
	ids := enqueueNoops(t, pool, 2, EnqueueOptions{MaxAttempts: 1})
	runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitFor(t, "both jobs to finish", func() bool {
		return countState(t, pool, "failed")+countState(t, pool, "succeeded") == 2
	})
	require.Contains(t, *getJob(t, pool, ids[0]).LastError, "handler panicked: nil map")
	require.Equal(t, "succeeded", getJob(t, pool, ids[1]).State)
}

// Migrate is idempotent and safe to run from many workers at once;
// MigrateDown removes the queue.
func TestMigrations(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() { require.NoError(t, Migrate(ctx, newPool(t, dsn))) })
	}
	wg.Wait()
	require.NoError(t, MigrateDown(ctx, pool, 0))
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'jobs'`).Scan(&n))
	require.Zero(t, n)
	require.NoError(t, Migrate(ctx, pool))
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM pg_tables WHERE tablename = 'jobs'`).Scan(&n))
	require.Equal(t, 1, n)
}

// Retention runs when a worker starts: a worker that lives less than the
// retention interval (an hour by default) still cleans up.
func TestRetentionRunsWhenAWorkerStarts(t *testing.T) {
	_, pool := newDB(t)
	enqueueNoops(t, pool, 3, EnqueueOptions{})
	_, err := pool.Exec(context.Background(), `UPDATE jobs SET state = 'succeeded', finished_at = now() - interval '91 days'`)
	require.NoError(t, err)
	runWorker(t, NewWorker(pool, NewHandlers(), fast(Config{})))
	waitWithin(t, 10*time.Second, "the old jobs to be deleted", func() bool { return countState(t, pool, "succeeded") == 0 })
}

// A job frees its slot when its handler returns, before its outcome is
// committed: the next claim does not wait for that commit. Concurrency
// still bounds the handlers running at once, and the jobs in hand are
// capped at twice Concurrency: while no outcome can be recorded (here a
// trigger holds every completion on a lock the test takes), the worker
// claims no more than that, and the rest of the queue stays available.
func TestSlotsFreeBeforeTheOutcomeIsRecorded(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `
		CREATE FUNCTION hold_completions() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			PERFORM pg_advisory_xact_lock_shared(4242);
			RETURN NEW;
		END
		$$;
		CREATE TRIGGER hold_completions BEFORE UPDATE ON jobs
			FOR EACH ROW WHEN (NEW.state = 'succeeded') EXECUTE FUNCTION hold_completions()`)
	require.NoError(t, err)
	gate, err := pool.Acquire(ctx)
	require.NoError(t, err)
	t.Cleanup(gate.Release)
	_, err = gate.Exec(ctx, `SELECT pg_advisory_lock(4242)`)
	require.NoError(t, err)
	release := func() {
		_, err := gate.Exec(ctx, `SELECT pg_advisory_unlock_all()`)
		require.NoError(t, err)
	}

	const concurrency, jobs = 3, 20
	enqueueNoops(t, pool, jobs, EnqueueOptions{})
	var ran, now, most atomic.Int64
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		n := now.Add(1)
		defer now.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(5 * time.Millisecond)
		ran.Add(1)
		return nil
	})
	runWorker(t, NewWorker(pool, h, fast(Config{Concurrency: concurrency})))
	t.Cleanup(release) // before the worker stops, if the test fails

	waitFor(t, "twice Concurrency jobs to run", func() bool { return ran.Load() >= 2*concurrency })
	time.Sleep(500 * time.Millisecond) // ten polls: the worker claims nothing more
	require.EqualValues(t, 2*concurrency, ran.Load())
	require.Equal(t, 2*concurrency, countState(t, pool, "running"))
	require.Equal(t, jobs-2*concurrency, countState(t, pool, "available"))

	release()
	waitFor(t, "every job to succeed", func() bool { return countState(t, pool, "succeeded") == jobs })
	require.EqualValues(t, jobs, ran.Load())
	require.LessOrEqual(t, most.Load(), int64(concurrency), "handlers running at once")
}
