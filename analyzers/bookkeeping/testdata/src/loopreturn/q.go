// Returning the bookkeeping error ends the claim loop.
package loopreturn

import (
	"context"
	"time"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) error {
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if bkstore.Handle(ctx, id) == nil {
			if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
				return err
			}
		}
	}
}
