// An admin endpoint finishes a batch of jobs an operator picked by hand,
// in goroutines, and returns the first failure to the operator: nothing
// here claims jobs, so no worker stops.
package ok_chanbatch

import (
	"context"

	"bkstore"
)

func FinishAll(ctx context.Context, w *bkstore.W, ids []int64) error {
	errs := make(chan error, len(ids))
	for _, id := range ids {
		go func() {
			if err := w.Finish(ctx, id); err != nil {
				errs <- err
				return
			}
			errs <- nil
		}()
	}
	for range ids {
		if err := <-errs; err != nil {
			return err
		}
	}
	return nil
}
