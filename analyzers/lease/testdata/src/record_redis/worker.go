// A worker fed job ids by a Redis list (BRPOP: the id leaves the list
// when popped) marks the job's record running, runs the job and records
// how it ended. A worker killed mid-job leaves the record running, and
// nothing in the module moves a running record back.
package record_redis

import (
	"context"
	"log"

	"record_redis/store"
)

// Source is the Redis list the API pushes job ids onto.
type Source interface {
	Pop(ctx context.Context) (string, error)
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
			w.store.SetStatus(ctx, id, store.StatusFailed)
			continue
		}
		w.store.SetStatus(ctx, id, store.StatusDone)
	}
}
