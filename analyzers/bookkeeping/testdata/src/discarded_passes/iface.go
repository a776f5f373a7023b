package discarded_passes

import (
	"context"
	"log"
	"time"

	"bkpasses"
)

// Store is what the worker needs of a store; the package sees its one
// implementation, bkpasses.Store.
type Store interface {
	Claim(ctx context.Context) (int64, error)
	Done(ctx context.Context, id int64) error
	DoneLogged(ctx context.Context, id int64) error
}

type Worker struct{ store Store }

func NewWorker(s *bkpasses.Store) *Worker { return &Worker{store: s} }

func (w *Worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := w.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := bkpasses.Handle(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			continue
		}
		if id%2 == 0 {
			w.store.DoneLogged(ctx, id)
			continue
		}
		w.store.Done(ctx, id) // want `the error of this completion is discarded`
	}
}
