// The worker of record_redis, written against an interface of its own
// that the PostgreSQL store implements, fed by a Go channel: the record
// writes are the implementation's.
package record_iface

import (
	"context"
	"log"

	"record_iface/store"
)

// Jobs is what the worker needs of the store.
type Jobs interface {
	Get(ctx context.Context, id string) (kind string, payload []byte, err error)
	SetStatus(ctx context.Context, id string, status store.Status) error
}

// Handler runs one kind of job.
type Handler func(ctx context.Context, payload []byte) error

type Worker struct {
	jobs     Jobs
	ids      <-chan string
	handlers map[string]Handler
}

var _ Jobs = (*store.Store)(nil)

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
