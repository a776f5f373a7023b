// The helper keeps the completion's error in a variable and returns it:
// the caller's retry still runs when only the bookkeeping failed.
package helpervar

import (
	"context"
	"log"

	"bkstore"
)

func process(ctx context.Context, w *bkstore.W, id int64) error {
	if err := bkstore.Handle(ctx, id); err != nil {
		return err
	}
	err := w.Finish(ctx, id)
	if err != nil {
		log.Printf("job %d: finish: %v", id, err)
	}
	return err
}

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := process(ctx, w, id); err != nil { // want `the error of this completion takes the failure path`
		w.Retry(ctx, id)
	}
}
