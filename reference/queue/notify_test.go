package queue

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"
)

// Enqueueing does not NOTIFY on every commit: a transaction that has sent
// NOTIFY takes a database-wide lock at commit, so one-job enqueues would
// commit one at a time. A process notifies a queue at most once per
// notifyEvery (workers still wake: TestNotificationWakesAnIdleWorker).
func TestEnqueueNotifiesAtMostOncePerInterval(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	listener, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer listener.Close(ctx)
	_, err = listener.Exec(ctx, "LISTEN "+notifyChannel)
	require.NoError(t, err)

	const enqueuers, each = 16, 20
	start := time.Now()
	var wg sync.WaitGroup
	for range enqueuers {
		wg.Go(func() {
			for range each {
				require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
					_, err := Enqueue(ctx, tx, noop{}, EnqueueOptions{})
					return err
				}))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	got := 0
	for {
		waitCtx, cancel := context.WithTimeout(ctx, time.Second)
		n, err := listener.WaitForNotification(waitCtx)
		cancel()
		if err != nil {
			break
		}
		require.Equal(t, DefaultQueue, n.Payload)
		got++
	}
	require.Positive(t, got)
	require.LessOrEqual(t, got, int(elapsed/notifyEvery)+1, "%d transactions in %v", enqueuers*each, elapsed)
}

// A job scheduled for later wakes nobody: the poll finds it when it is due.
func TestEnqueueForLaterDoesNotNotify(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	listener, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer listener.Close(ctx)
	_, err = listener.Exec(ctx, "LISTEN "+notifyChannel)
	require.NoError(t, err)
	enqueueNoops(t, pool, 1, EnqueueOptions{Queue: "later", RunAt: time.Now().Add(time.Hour)})
	waitCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_, err = listener.WaitForNotification(waitCtx)
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

// A rolled-back enqueue sent no notification, so it must not hold back the
// next one: the next committed enqueue still wakes the workers.
func TestRolledBackEnqueueDoesNotSuppressTheNextNotification(t *testing.T) {
	dsn, pool := newDB(t)
	ctx := context.Background()
	listener, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer listener.Close(ctx)
	_, err = listener.Exec(ctx, "LISTEN "+notifyChannel)
	require.NoError(t, err)
	opts := EnqueueOptions{Queue: "rollback"}

	tx, err := pool.Begin(ctx)
	require.NoError(t, err)
	_, err = Enqueue(ctx, tx, noop{}, opts)
	require.NoError(t, err)
	require.NoError(t, tx.Rollback(ctx))
	// However recent the rolled-back notification: its time is moved past
	// the second enqueue's, so that a slow machine cannot let the window
	// lapse in between and hide what is tested.
	lastNotified.Lock()
	sent := lastNotified.to[opts.Queue]
	sent.at = time.Now().Add(time.Minute)
	lastNotified.to[opts.Queue] = sent
	lastNotified.Unlock()
	require.NotEmpty(t, sent.xid, "the rolled-back enqueue sent a notification")
	require.NoError(t, pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := Enqueue(ctx, tx, noop{}, opts)
		return err
	}))

	waitCtx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	n, err := listener.WaitForNotification(waitCtx)
	require.NoError(t, err, "no notification after the rolled-back enqueue")
	require.Equal(t, "rollback", n.Payload)
}
