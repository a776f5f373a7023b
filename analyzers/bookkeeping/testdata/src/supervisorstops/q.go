// The loop sits in another loop, but that one stops on the loop's first
// error: nothing restarts the worker after a failed bookkeeping write.
package supervisorstops

import (
	"context"

	"bkstore"
)

func loop(ctx context.Context, w *bkstore.W) error {
	for {
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
}

func Run(ctx context.Context, w *bkstore.W) error {
	for ctx.Err() == nil {
		if err := loop(ctx, w); err != nil {
			return err
		}
	}
	return ctx.Err()
}
