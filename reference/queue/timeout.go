package queue

import (
	"errors"
	"time"
)

// ErrJobTimeout cancels a handler that ran past its timeout: its kind's
// (Timeout), or else the worker's JobTimeout. The attempt fails and is
// retried as any failure is.
var ErrJobTimeout = errors.New("queue: the job ran past its timeout")

// Timeout sets how long the kind's handler may run before its context is
// cancelled with ErrJobTimeout, in place of the worker's JobTimeout; a
// negative d means no limit. A charge that waits on a provider should have
// one a little longer than the provider's own.
func Timeout(d time.Duration) HandlerOption {
	return func(o *handlerOptions) { o.timeout = d }
}

// timeout is the time limit of the kind's jobs; zero or negative: none.
func (w *Worker) timeout(kind string) time.Duration {
	if d := w.handlers.options[kind].timeout; d != 0 {
		return d
	}
	return w.cfg.JobTimeout
}

// letGoOfStuckJobs logs the jobs whose handler has not returned one Lease
// after its timeout cancelled it (it ignores its context: a call without
// one, a busy loop) and lets go of them: the slot is free for the next
// job, and the heartbeat no longer renews the lease, so the job goes back
// to the queue (or fails at its attempt limit) as a dead worker's would.
// The goroutine runs on; if it ever returns, its outcome is fenced out
// once the job was reclaimed.
func (w *Worker) letGoOfStuckJobs(now time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, h := range w.held {
		if h.returned || h.stuck || h.deadline.IsZero() || now.Before(h.deadline.Add(w.cfg.Lease)) {
			continue
		}
		h.stuck = true
		w.busy--
		w.jobLog(h.job).Error("job stuck: its handler ignored the cancellation at its timeout; "+
			"its slot is freed and its lease left to expire", "timeout_at", h.deadline)
	}
	signal(w.freed)
}
