// The worker of record_redis, whose package also sweeps: it lists every
// job, and puts back, in Go, those running for too long. A killed
// worker's job comes back.
package ok_record_localreset

import (
	"context"
	"log"
	"time"

	"ok_record_localreset/store"
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

// Sweep puts back the jobs running for more than ten minutes.
func Sweep(ctx context.Context, st *store.Store, src interface {
	Push(ctx context.Context, id string) error
}) error {
	jobs, err := st.All(ctx)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.Status == store.StatusRunning && time.Since(j.UpdatedAt) > 10*time.Minute {
			if err := st.SetStatus(ctx, j.ID, store.StatusPending); err != nil {
				return err
			}
			src.Push(ctx, j.ID)
		}
	}
	return nil
}
