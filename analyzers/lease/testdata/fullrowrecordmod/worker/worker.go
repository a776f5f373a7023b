// The worker lists runnable jobs through the store, and saves each whole
// row through Update: first with State running, then with the outcome it
// set. The store claims nothing, and nothing in the module moves a
// running job back.
package worker

import (
	"context"
	"log"

	"example.com/fullrowrecord/store"
)

type Worker struct {
	s   *store.Store
	run func(context.Context, *store.Job) error
}

func New(s *store.Store, run func(context.Context, *store.Job) error) *Worker {
	return &Worker{s: s, run: run}
}

func (w *Worker) Start(ctx context.Context) {
	for ctx.Err() == nil {
		jobs, err := w.s.ListRunnable(ctx, 10)
		if err != nil {
			log.Print(err)
			continue
		}
		for _, job := range jobs {
			w.handle(ctx, job)
		}
	}
}

func (w *Worker) handle(ctx context.Context, job *store.Job) {
	job.State = store.StateRunning
	job.Attempts++
	// want +1 `this call marks the job record "running" before the work, and nothing in the module moves it back`
	if err := w.s.Update(ctx, job); err != nil {
		log.Print(err)
		return
	}
	if err := w.run(ctx, job); err != nil {
		job.State = store.StateFailed
		job.LastError = err.Error()
		if err := w.s.Update(ctx, job); err != nil {
			log.Print(err)
		}
		return
	}
	job.State = store.StateDone
	if err := w.s.Update(ctx, job); err != nil {
		log.Print(err)
	}
}
