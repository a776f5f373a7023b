// A helper that runs and records the job, logging its bookkeeping errors:
// the error it returns is the handler's alone.
package ok_helperlogs

import (
	"context"
	"log"

	"bkstore"
)

func process(ctx context.Context, w *bkstore.W, id int64) error {
	if err := bkstore.Handle(ctx, id); err != nil {
		return err
	}
	if err := w.Finish(ctx, id); err != nil {
		log.Printf("finish %d: %v", id, err)
	}
	return nil
}

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := process(ctx, w, id); err != nil {
		w.Retry(ctx, id)
	}
}
