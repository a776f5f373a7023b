// The PostgreSQL store through the interface field, its Finish error
// logged: the worker goes on.
package ok_ifacelogged

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
	if err := w.store.Finish(ctx, id); err != nil {
		log.Printf("finish job %d: %v", id, err)
	}
}
