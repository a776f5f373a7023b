// The worker holds the store in an interface field, set only to the
// PostgreSQL store: a failed Finish is a failed bookkeeping write, and
// log.Fatalf on it stops the worker.
package ifacefatal

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"

	"bkiface"
)

type worker struct{ store bkiface.Store }

func newWorker(pool *pgxpool.Pool) *worker { return &worker{store: bkiface.Open(pool)} }

func (w *worker) runOne(ctx context.Context, id int64) {
	if err := bkiface.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := w.store.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
		log.Fatalf("finish: %v", err)
	}
}
