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

// notified is the last notification this process sent to a queue: when,
// from which transaction, and whether that transaction is known to have
// committed.
type notified struct {
	at        time.Time
	xid       string // the sending transaction's pg_current_xact_id()
	committed bool
}

// lastNotified is the last notification sent to each queue.
var lastNotified = struct {
	sync.Mutex
	to map[string]notified
}{to: map[string]notified{}}

// notifyDue sends, inside the enqueuing transaction, one notification for
// each queue that needs one. NOTIFY is transactional: it goes out when tx
// commits, and not at all if it rolls back. So a notification sent less
// than notifyEvery ago holds back the next one only while its transaction
// has not rolled back (pg_xact_status): after a rolled-back enqueue, the
// next enqueue notifies, or the workers would wait for their poll. One
// still in progress holds it back too (notifying again would make
// concurrent enqueues commit one at a time); should it roll back after
// all, the next enqueue to look finds out and notifies.
func notifyDue(ctx context.Context, tx pgx.Tx, queues []string) error {
	now := time.Now()
	var due, unsure, unsureXids []string
	// A queue found due is taken at once (its xid filled in once sent), so
	// that concurrent enqueues do not all notify it.
	lastNotified.Lock()
	for _, q := range queues {
		switch last := lastNotified.to[q]; {
		case now.Sub(last.at) >= notifyEvery:
			due = append(due, q)
			lastNotified.to[q] = notified{at: now}
		case !last.committed && last.xid != "":
			unsure, unsureXids = append(unsure, q), append(unsureXids, last.xid)
		}
	}
	lastNotified.Unlock()
	if len(unsure) > 0 {
		rows, err := tx.Query(ctx, `SELECT x, pg_xact_status(x::xid8) = 'committed' FROM unnest($1::text[]) AS x
			WHERE pg_xact_status(x::xid8) IN ('committed', 'in progress')`, unsureXids)
		if err != nil {
			return err
		}
		pending := map[string]bool{} // xid: committed (else in progress)
		var xid string
		var committed bool
		if _, err := pgx.ForEachRow(rows, []any{&xid, &committed}, func() error { pending[xid] = committed; return nil }); err != nil {
			return err
		}
		lastNotified.Lock()
		for i, q := range unsure {
			committed, ok := pending[unsureXids[i]]
			switch last := lastNotified.to[q]; {
			case last.xid != unsureXids[i]: // another enqueue has notified since
			case !ok: // rolled back
				due = append(due, q)
				lastNotified.to[q] = notified{at: now}
			case committed:
				last.committed = true
				lastNotified.to[q] = last
			}
		}
		lastNotified.Unlock()
	}
	if len(due) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT pg_notify($1, q) FROM unnest($2::text[]) AS q`, notifyChannel, due); err != nil {
		return err
	}
	var xid string
	if err := tx.QueryRow(ctx, `SELECT pg_current_xact_id()::text`).Scan(&xid); err != nil {
		return err
	}
	lastNotified.Lock()
	for _, q := range due {
		if lastNotified.to[q].at.Equal(now) {
			lastNotified.to[q] = notified{at: now, xid: xid}
		}
	}
	lastNotified.Unlock()
	return nil
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
