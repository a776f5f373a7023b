package queue

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"
)

// One job's row held locked by another session (an operator's open
// transaction, say) for longer than the lease does not stall the rest of
// the worker's jobs: their leases are renewed and their completions
// recorded, and each of them runs once.
func TestALockedRowDoesNotStallTheWorkersOtherJobs(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	const lease = 2 * time.Second // one second is too short on a loaded machine
	ids := enqueueNoops(t, pool, 5, EnqueueOptions{})
	var mu sync.Mutex
	runs := map[int64]int{}
	// The first job finishes once the operator holds its row: its
	// completion then waits for that lock while the others run.
	locked := make(chan struct{})
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		mu.Lock()
		runs[job.ID]++
		mu.Unlock()
		if args.N == 0 {
			select {
			case <-locked:
				return nil
			case <-ctx.Done():
				return context.Cause(ctx)
			}
		}
		select {
		case <-time.After(5 * time.Second): // needs its heartbeats
			return nil
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	})
	w := NewWorker(pool, h, fast(Config{Concurrency: 5, Lease: lease}))
	runWorker(t, w)
	waitWithin(t, 10*time.Second, "the worker to claim every job", func() bool { return w.inHand() == 5 })

	// The first job's row, the lowest ID, held while the others run on
	// past their lease.
	operator, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer operator.Rollback(ctx)
	_, err = operator.Exec(ctx, `SELECT * FROM jobs WHERE id = $1 FOR UPDATE`, ids[0])
	require.NoError(t, err)
	close(locked)
	// A second worker reclaims expired leases.
	runWorker(t, NewWorker(newPool(t, dsn), h, fast(Config{Lease: lease})))
	waitWithin(t, 20*time.Second, "the other jobs to finish", func() bool {
		var n int
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE id = ANY($1) AND state = 'succeeded'`, ids[1:]).Scan(&n))
		return n == 4
	})
	require.NoError(t, operator.Rollback(ctx))
	waitFor(t, "the locked job to finish", func() bool { return getJob(t, pool, ids[0]).State == "succeeded" })

	mu.Lock()
	defer mu.Unlock()
	for _, id := range ids[1:] {
		require.Equal(t, 1, runs[id], "job %d", id)
		require.Equal(t, 1, getJob(t, pool, id).Attempts, "job %d", id)
	}
}

// The worker's bookkeeping connections wait for a row lock at most half a
// call's timeout (lock_timeout): recording a failure on a row another
// session holds errors out at once (and is retried) instead of holding one
// of the worker's few bookkeeping connections.
func TestBookkeepingGivesUpOnALockedRow(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	enqueueNoops(t, pool, 1, EnqueueOptions{})
	claimed, err := claim(ctx, pool, DefaultQueue, 1, time.Minute, nil)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	operator, err := pool.Begin(ctx)
	require.NoError(t, err)
	defer operator.Rollback(ctx)
	_, err = operator.Exec(ctx, `SELECT * FROM jobs WHERE id = $1 FOR UPDATE`, claimed[0].ID)
	require.NoError(t, err)

	w := NewWorker(pool, NewHandlers(), Config{Lease: 6 * time.Second}) // calls of 1 s: lock_timeout 500 ms
	conns, err := w.ownConnections(1)
	require.NoError(t, err)
	defer conns.Close()
	waitCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	start := time.Now()
	err = fail(waitCtx, conns, claimed[0], errors.New("smtp timeout"), Backoff{Base: time.Second, Max: time.Second})
	var pgErr *pgconn.PgError
	require.True(t, errors.As(err, &pgErr), "%v", err)
	require.Equal(t, "55P03", pgErr.Code, "lock_not_available")
	require.Less(t, time.Since(start), 5*time.Second)
}
