// On shutdown the worker hands the job it holds back to the queue and
// returns what that write says: the worker is stopping anyway, so the
// write's error stops nothing. A failed completion is logged.
package ok_shutdownrequeue

import (
	"context"
	"log"
	"time"

	"bkstore"
)

type worker struct{ store *bkstore.W }

func (w *worker) Run(ctx context.Context) error {
	for {
		id, err := w.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		done := make(chan error, 1)
		go func() { done <- bkstore.Handle(ctx, id) }()
		select {
		case <-ctx.Done():
			return w.store.Retry(context.WithoutCancel(ctx), id)
		case err := <-done:
			if err != nil {
				w.store.Retry(ctx, id)
				continue
			}
			if err := w.store.Finish(ctx, id); err != nil {
				log.Printf("finish job %d: %v", id, err)
			}
		}
	}
}
