// The worker of record_memtwin, whose PostgreSQL store also puts back the
// running jobs whose worker stopped beating (Store.Requeue): a killed
// worker's job comes back.
package ok_record_memtwin

import (
	"context"
	"log"

	"ok_record_memtwin/store"
)

// Handler runs one kind of job.
type Handler func(ctx context.Context, payload []byte) error

type Worker struct {
	jobs     store.Jobs
	ids      <-chan string
	handlers map[string]Handler
}

func (w *Worker) Run(ctx context.Context) {
	for id := range w.ids {
		w.handle(ctx, id)
	}
}

func (w *Worker) handle(ctx context.Context, id string) {
	kind, payload, err := w.jobs.Get(ctx, id)
	if err != nil {
		log.Print(err)
		return
	}
	if err := w.jobs.SetStatus(ctx, id, store.StatusRunning); err != nil {
		log.Print(err)
		return
	}
	if err := w.handlers[kind](ctx, payload); err != nil {
		w.jobs.SetStatus(ctx, id, store.StatusFailed)
		return
	}
	w.jobs.SetStatus(ctx, id, store.StatusDone)
}
