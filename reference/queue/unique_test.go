package queue

import (
	"context"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// A monthly charge enqueued from cron on three hosts at once is one job:
// every enqueue returns its ID. A later enqueue with the same key, after
// the job ran, still returns it: the key names one job for as long as the
// table keeps it.
func TestUniqueKeyEnqueuesOnce(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	opts := EnqueueOptions{UniqueKey: "charge subscription 42 for 2026-12"}
	const hosts = 3
	ids := make([]int64, hosts)
	var wg sync.WaitGroup
	for i := range hosts {
		wg.Go(func() {
			require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
				ids[i], err = Enqueue(ctx, tx, noop{N: i}, opts)
				return err
			}))
		})
	}
	wg.Wait()
	require.Equal(t, ids[0], ids[1])
	require.Equal(t, ids[0], ids[2])
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs`).Scan(&n))
	require.Equal(t, 1, n)

	h := NewHandlers()
	Handle(h, func(ctx context.Context, job *Job, args noop) error { return nil })
	stop := runWorker(t, NewWorker(pool, h, fast(Config{})))
	waitFor(t, "the job to run", func() bool { return getJob(t, pool, ids[0]).State == "succeeded" })
	stop()
	var again int64
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		again, err = Enqueue(ctx, tx, noop{}, opts)
		return err
	}))
	require.Equal(t, ids[0], again)
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs`).Scan(&n))
	require.Equal(t, 1, n)
}

// EnqueueMany returns every job's ID in order, the existing job's for a
// key already taken (in the table or earlier in the batch), and inserts
// jobs without a key as before.
func TestEnqueueManyWithUniqueKeys(t *testing.T) {
	_, pool := newDB(t)
	ctx := context.Background()
	var first int64
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		first, err = Enqueue(ctx, tx, noop{}, EnqueueOptions{UniqueKey: "a"})
		return err
	}))
	var ids []int64
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) (err error) {
		ids, err = EnqueueMany(ctx, tx, []Insert{
			{Args: noop{N: 1}},
			{Args: noop{N: 2}, Options: EnqueueOptions{UniqueKey: "a"}},
			{Args: noop{N: 3}, Options: EnqueueOptions{UniqueKey: "b"}},
			{Args: noop{N: 4}},
			{Args: noop{N: 5}, Options: EnqueueOptions{UniqueKey: "b"}},
		})
		return err
	}))
	require.Len(t, ids, 5)
	require.Equal(t, first, ids[1])
	require.Equal(t, ids[2], ids[4])
	require.NotEqual(t, ids[0], ids[3])
	for i, n := range map[int]int{0: 1, 2: 3, 3: 4} {
		var got int
		require.NoError(t, pool.QueryRow(ctx, `SELECT (payload->>'n')::int FROM jobs WHERE id = $1`, ids[i]).Scan(&got))
		require.Equal(t, n, got, "job %d", i)
	}
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM jobs`).Scan(&n))
	require.Equal(t, 4, n)
}
