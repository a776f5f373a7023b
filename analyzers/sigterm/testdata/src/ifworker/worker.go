// Package ifworker runs jobs from any ifqueue.Store; it does not know which.
package ifworker

import (
	"context"
	"time"

	"ifqueue"
)

type Worker struct{ Store ifqueue.Store }

func (w *Worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		job, err := w.Store.Dequeue(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		w.Store.Complete(ctx, job.ID)
	}
	return nil
}
