// Package worker hands the jobs it has claimed but not started back when
// it stops: no handler failed, so nothing is retried.
package worker

import (
	"context"
	"sync"

	"wiretwo/queue"
)

type Worker struct {
	q      queue.Queue
	mu     sync.Mutex
	held   []queue.Job
	handle func(queue.Job) error
	failed func(context.Context, queue.Job, error)
}

func New(q queue.Queue, handle func(queue.Job) error, failed func(context.Context, queue.Job, error)) *Worker {
	return &Worker{q: q, handle: handle, failed: failed}
}

// Prefetch claims a job to run next.
func (w *Worker) Prefetch(ctx context.Context) error {
	j, err := w.q.Dequeue(ctx)
	if err != nil {
		return err
	}
	w.mu.Lock()
	w.held = append(w.held, j)
	w.mu.Unlock()
	return nil
}

// Run runs the prefetched jobs; a failure is recorded as final.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		w.mu.Lock()
		if len(w.held) == 0 {
			w.mu.Unlock()
			continue
		}
		j := w.held[0]
		w.held = w.held[1:]
		w.mu.Unlock()
		if err := w.handle(j); err != nil {
			w.failed(ctx, j, err)
			continue
		}
		w.q.Ack(ctx, j.ID)
	}
}

// Stop puts the jobs it still holds back.
func (w *Worker) Stop(ctx context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, j := range w.held {
		w.q.Nack(ctx, j.ID)
	}
	w.held = nil
}
