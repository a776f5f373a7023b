// A helper that records a batch of finished jobs returns the first error to
// its caller: it claims nothing, so its loop is not the worker's claim loop
// and the return stops no worker.
package ok_finishall

import (
	"context"

	"bkstore"
)

func FinishAll(ctx context.Context, w *bkstore.W, ids []int64) error {
	for _, id := range ids {
		if err := w.Finish(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
