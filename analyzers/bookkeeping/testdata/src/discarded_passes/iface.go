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

// finish passes on the error of the interface's Done, which the one
// implementation in sight passes on in turn.
func (w *Worker) finish(ctx context.Context, id int64) error {
	return w.store.Done(ctx, id)
}

func (w *Worker) RunOnce(ctx context.Context) {
	id, err := w.store.Claim(ctx)
	if err != nil {
		return
	}
	if err := bkpasses.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	w.finish(ctx, id) // want `the error of this completion is discarded`
}

// finishLogged logs the error of the interface's Done before it returns
// it: its caller drops nothing nobody heard of.
func (w *Worker) finishLogged(ctx context.Context, id int64) error {
	err := w.store.Done(ctx, id)
	if err != nil {
		log.Printf("done %d: %v", id, err)
	}
	return err
}

func (w *Worker) RunLogged(ctx context.Context) {
	id, err := w.store.Claim(ctx)
	if err != nil {
		return
	}
	if err := bkpasses.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	w.finishLogged(ctx, id)
}
