// The same batch, run by a worker command whose loop ends on the batch's
// first error: a failed completion stops the worker.
package tickcaller_stops

import (
	"context"

	"bkstore"
)

func ProcessBatch(ctx context.Context, w *bkstore.W) error {
	for i := 0; i < 10; i++ {
		id, err := w.Claim(ctx)
		if err != nil {
			return err
		}
		if bkstore.Handle(ctx, id) != nil {
			w.Fail(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
			return err
		}
	}
	return nil
}
