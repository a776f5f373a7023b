package queue

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// notifyChannel carries the queue names of newly inserted due jobs.
const notifyChannel = "jobs_available"

// notifyEvery is how often one process notifies a queue at most. A
// transaction that has sent NOTIFY takes a database-wide lock at commit and
// holds it through the commit's WAL flush: notifying on every enqueue would
// make one-job enqueues commit one at a time. A job whose enqueue skipped
// the notification is found by the worker's second look after a wake-up
// (claimLoop), or by the poll.
const notifyEvery = 20 * time.Millisecond

// lastNotified is when this process last notified each queue.
var lastNotified = struct {
	sync.Mutex
	at map[string]time.Time
}{at: map[string]time.Time{}}

// notifyDue sends, inside the enqueuing transaction, one notification for
// each of the queues that were not notified in the last notifyEvery. NOTIFY
// is transactional: it goes out when tx commits, and not at all if it rolls
// back.
func notifyDue(ctx context.Context, tx pgx.Tx, queues []string) error {
	now := time.Now()
	var due []string
	lastNotified.Lock()
	for _, q := range queues {
		if now.Sub(lastNotified.at[q]) >= notifyEvery {
			lastNotified.at[q] = now
			due = append(due, q)
		}
	}
	lastNotified.Unlock()
	if len(due) == 0 {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT pg_notify($1, q) FROM unnest($2::text[]) AS q`, notifyChannel, due)
	return err
}

// listen holds one connection that LISTENs for new jobs and signals wake
// when one arrives for the worker's queue. It reconnects with backoff when
// the connection is lost (a PostgreSQL restart, say), and signals wake after
// each (re)connect, since notifications sent while it was away are lost.
// Polling covers the gaps: listen only makes pickup faster.
func (w *Worker) listen(ctx context.Context, wake chan<- struct{}) {
	retry := newRetryDelay(100*time.Millisecond, 5*time.Second)
	for ctx.Err() == nil {
		err := w.listenOnce(ctx, wake, retry)
		if ctx.Err() != nil {
			return
		}
		w.log.Warn("listen connection lost; polling until it is back", "err", err)
		retry.sleep(ctx)
	}
}

func (w *Worker) listenOnce(ctx context.Context, wake chan<- struct{}, retry *retryDelay) error {
	// A connection of its own, outside the pool: it stays in LISTEN state.
	conn, err := pgx.ConnectConfig(ctx, w.pool.Config().ConnConfig)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+notifyChannel); err != nil {
		return err
	}
	retry.reset()
	signal(wake)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Payload == w.cfg.Queue {
			signal(wake)
		}
	}
}

// signal wakes the claim loop without blocking; one pending signal is enough.
func signal(wake chan<- struct{}) {
	select {
	case wake <- struct{}{}:
	default:
	}
}

// retryDelay is an exponential delay between retries of an operation that
// failed for a reason outside the worker (the database is restarting).
type retryDelay struct {
	min, max, next time.Duration
}

func newRetryDelay(min, max time.Duration) *retryDelay {
	return &retryDelay{min: min, max: max, next: min}
}

func (r *retryDelay) reset() { r.next = r.min }

// sleep waits for the next delay, or until ctx is done.
func (r *retryDelay) sleep(ctx context.Context) {
	t := time.NewTimer(r.next)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
	r.next = min(2*r.next, r.max)
}
