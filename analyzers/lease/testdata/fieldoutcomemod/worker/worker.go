// The worker takes task ids from a channel, marks each task processing,
// runs it, and writes the outcome it set in the task's Status (failed or
// completed) with the rest of the row. Nothing in the module moves a
// processing task back.
package worker

import (
	"context"
	"log"

	"example.com/fieldoutcome/store"
)

type Worker struct {
	s   *store.Store
	run func(context.Context, *store.Task) (string, error)
}

func New(s *store.Store, run func(context.Context, *store.Task) (string, error)) *Worker {
	return &Worker{s: s, run: run}
}

func (w *Worker) Start(ctx context.Context, ids <-chan int64) {
	for id := range ids {
		t, err := w.s.Get(ctx, id)
		if err != nil {
			log.Print(err)
			continue
		}
		w.handle(ctx, t)
	}
}

func (w *Worker) handle(ctx context.Context, t *store.Task) {
	// want +1 `this call marks the job record "processing" before the work, and nothing in the module moves it back`
	if err := w.s.UpdateStatus(ctx, t.ID, store.StatusProcessing); err != nil {
		log.Print(err)
		return
	}
	res, err := w.run(ctx, t)
	t.Attempts++
	if err != nil {
		t.Status = store.StatusFailed
		t.Error = err.Error()
	} else {
		t.Status = store.StatusCompleted
		t.Result = res
	}
	if err := w.s.UpdateAfterProcessing(ctx, t); err != nil {
		log.Print(err)
	}
}
