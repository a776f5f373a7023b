// A batch of up to ten jobs per call: a failed completion returns out of
// the batch. The module's worker command calls the batch on every tick and
// logs its error: the next tick runs the next batch, and the worker goes
// on. The stop is judged where the loop is, in another package.
package ok_tickcaller

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
		if err := w.Finish(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
