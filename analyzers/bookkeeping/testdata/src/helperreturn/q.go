// The claim loop runs each job through a helper that returns the error of
// the write recording its outcome; the loop returns it, and the worker
// stops on one failed write.
package helperreturn

import (
	"context"
	"fmt"
	"log"
	"time"

	"bkstore"
)

type worker struct{ store *bkstore.W }

func (w *worker) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		id, err := w.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := w.runJob(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

func (w *worker) runJob(ctx context.Context, id int64) error {
	if herr := bkstore.Handle(ctx, id); herr != nil {
		log.Printf("job %d: %v", id, herr)
		if err := w.store.Fail(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			return fmt.Errorf("fail job %d: %w", id, err)
		}
		return nil
	}
	err := w.store.Finish(ctx, id) // want `a failed bookkeeping write stops the worker here`
	if err != nil {
		return err
	}
	return nil
}
