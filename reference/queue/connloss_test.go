package queue

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// The worker survives losing its connections: every connection but the
// test's is terminated several times while jobs run (the pool's, the
// LISTEN connection's), and every job still runs exactly once and is
// recorded.
func TestWorkerSurvivesConnectionLoss(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer admin.Close(ctx)

	const jobs = 500
	enqueueNoops(t, pool, jobs, EnqueueOptions{})
	var mu sync.Mutex
	runs := map[int64]int{}
	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error {
		time.Sleep(2 * time.Millisecond)
		mu.Lock()
		runs[job.ID]++
		mu.Unlock()
		return nil
	})
	runWorker(t, NewWorker(pool, h, fast(Config{Concurrency: 4})))

	succeeded := func() int {
		var n int
		require.NoError(t, admin.QueryRow(ctx, `SELECT count(*) FROM jobs WHERE state = 'succeeded'`).Scan(&n))
		return n
	}
	// terminate ends every backend but the test's own and counts them. Right
	// after a round, the worker may not have reconnected yet: what matters is
	// that each round finds connections the worker opened again, and that
	// jobs go on succeeding between rounds, not the instant it runs.
	terminate := func() int {
		var killed int
		require.NoError(t, admin.QueryRow(ctx, `
			SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&killed))
		return killed
	}
	for kill := 0; kill < 5; kill++ {
		waitFor(t, "progress", func() bool { return succeeded() >= (kill+1)*jobs/10 })
		waitFor(t, "the worker's connections to be back", func() bool { return terminate() > 0 })
	}
	waitFor(t, "every job to succeed", func() bool { return succeeded() == jobs })
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, runs, jobs)
	for id, n := range runs {
		require.Equal(t, 1, n, "job %d", id)
	}
}
