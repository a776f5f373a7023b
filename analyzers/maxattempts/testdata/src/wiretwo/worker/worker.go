// Package worker Nacks every failed job through queue.Queue.
package worker

import (
	"context"

	"wiretwo/queue"
)

type Worker struct {
	q      queue.Queue
	handle func(queue.Job) error
}

func New(q queue.Queue, handle func(queue.Job) error) *Worker {
	return &Worker{q: q, handle: handle}
}

// Run is the loop, run by its caller in its own goroutine.
func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		j, err := w.q.Dequeue(ctx)
		if err != nil {
			continue
		}
		if err := w.handle(j); err != nil {
			w.q.Nack(ctx, j.ID)
			continue
		}
		w.q.Ack(ctx, j.ID)
	}
}
