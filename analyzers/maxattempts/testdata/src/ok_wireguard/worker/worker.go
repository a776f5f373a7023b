// Package worker Nacks a failed job only below the attempt limit, and
// fails it at the limit: whichever queue runs, retries stop.
package worker

import (
	"context"

	"wiretwo/queue"
)

const maxAttempts = 5

type Worker struct {
	q      queue.Queue
	fail   func(context.Context, int64) error
	handle func(queue.Job) error
}

func New(q queue.Queue, fail func(context.Context, int64) error, handle func(queue.Job) error) *Worker {
	return &Worker{q: q, fail: fail, handle: handle}
}

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		j, err := w.q.Dequeue(ctx)
		if err != nil {
			continue
		}
		if err := w.handle(j); err != nil {
			if j.Attempts >= maxAttempts {
				w.fail(ctx, j.ID)
				continue
			}
			w.q.Nack(ctx, j.ID)
			continue
		}
		w.q.Ack(ctx, j.ID)
	}
}
