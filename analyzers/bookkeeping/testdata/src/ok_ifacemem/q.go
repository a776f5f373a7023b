// The worker's store is only ever the in-memory one: its Finish writes
// nothing to PostgreSQL, and stopping on its error is no bookkeeping
// finding.
package ok_ifacemem

import (
	"context"
	"log"

	"bkiface"
)

type worker struct{ store bkiface.Store }

func newWorker() *worker { return &worker{store: bkiface.NewMemory()} }

func (w *worker) runOne(ctx context.Context, id int64) {
	if err := bkiface.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := w.store.Finish(ctx, id); err != nil {
		log.Fatalf("finish: %v", err)
	}
}
