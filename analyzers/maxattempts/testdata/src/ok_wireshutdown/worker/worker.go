// Package worker hands the job in hand back when it is told to stop,
// before running it: no handler failed, so nothing is retried, and the
// job's attempts are not the question.
package worker

import (
	"context"

	"wiretwo/queue"
)

type Worker struct {
	q      queue.Queue
	stop   chan struct{}
	handle func(queue.Job)
}

func New(q queue.Queue, handle func(queue.Job)) *Worker {
	return &Worker{q: q, stop: make(chan struct{}), handle: handle}
}

func (w *Worker) Stop() { close(w.stop) }

func (w *Worker) Run(ctx context.Context) {
	for {
		j, err := w.q.Dequeue(ctx)
		if err != nil {
			return
		}
		select {
		case <-w.stop:
			w.q.Nack(ctx, j.ID)
			return
		default:
		}
		w.handle(j)
		w.q.Ack(ctx, j.ID)
	}
}
