// The seed: a closure returns the handler error and the completion error alike.
package seed

import (
	"context"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	err := func() error {
		if err := bkstore.Handle(ctx, id); err != nil {
			return err
		}
		return w.Finish(ctx, id) // want `the error of this completion takes the failure path`
	}()
	if err != nil {
		w.Fail(ctx, id)
	}
}
