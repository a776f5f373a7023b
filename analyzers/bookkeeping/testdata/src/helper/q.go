// A helper runs the job and records it; its error triggers the retry.
package helper

import (
	"context"

	"bkstore"
)

func process(ctx context.Context, w *bkstore.W, id int64) error {
	if err := bkstore.Handle(ctx, id); err != nil {
		return err
	}
	return w.Finish(ctx, id)
}

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := process(ctx, w, id); err != nil { // want `the error of this completion takes the failure path`
		w.Retry(ctx, id)
	}
}
