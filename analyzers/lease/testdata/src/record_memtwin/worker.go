// The worker of record_iface, fed by a Go channel, written against an
// interface of the store package that both its PostgreSQL store and an
// in-memory store (for tests and local runs) implement: the record writes
// are the PostgreSQL store's, and nothing in the module moves a running
// record back.
package record_memtwin

import (
	"context"
	"log"

	"record_memtwin/store"
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
	// want +1 `this call marks the job record "running" before the work`
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
