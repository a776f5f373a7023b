// The worker of record_redis, whose store also puts back the running
// jobs whose worker stopped beating (Store.Requeue, run by a ticker, the
// ids pushed onto the list again): a killed worker's job comes back.
package ok_record_swept

import (
	"context"
	"log"

	"ok_record_swept/store"
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
