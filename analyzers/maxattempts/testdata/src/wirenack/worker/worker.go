// Package worker runs jobs from a queue.Queue: a failed job is Nacked,
// with no attempt comparison. Which Nack runs, only the command says.
package worker

import (
	"context"

	"wirenack/queue"
)

type Worker struct {
	q      queue.Queue
	handle func(queue.Job) error
}

func New(q queue.Queue, handle func(queue.Job) error) *Worker {
	return &Worker{q: q, handle: handle}
}

func (w *Worker) Start(ctx context.Context) { // want Start:`wired\(queue.Queue.Nack\(worker.go:33\)\)`
	for i := 0; i < 4; i++ {
		go w.loop(ctx)
	}
}

func (w *Worker) loop(ctx context.Context) {
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
