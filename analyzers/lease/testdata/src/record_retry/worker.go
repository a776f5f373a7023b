// The worker of record_redis, which retries a failed job: it puts the
// record back to pending and pushes the id again. The retry follows the
// work, by the worker that holds the job; a worker killed mid-job still
// leaves the record running.
package record_retry

import (
	"context"
	"log"

	"record_retry/store"
)

// Source is the Redis list the API pushes job ids onto.
type Source interface {
	Pop(ctx context.Context) (string, error)
	Push(ctx context.Context, id string) error
}

type Worker struct {
	src   Source
	store *store.Store
	run   func(ctx context.Context, kind string, payload []byte) error
}

func (w *Worker) Start(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := w.src.Pop(ctx)
		if err != nil {
			continue
		}
		kind, payload, err := w.store.Get(ctx, id)
		if err != nil {
			log.Printf("job %s: %v", id, err)
			continue
		}
		// want +1 `this call marks the job record "running" before the work, and nothing in the module moves it back\n.*the work \(w.run\) runs after it`
		if err := w.store.SetStatus(ctx, id, store.StatusRunning); err != nil {
			log.Printf("job %s: %v", id, err)
			continue
		}
		if err := w.run(ctx, kind, payload); err != nil {
			if err := w.store.SetStatus(ctx, id, store.StatusPending); err == nil {
				w.src.Push(ctx, id)
			}
			continue
		}
		w.store.SetStatus(ctx, id, store.StatusDone)
	}
}
