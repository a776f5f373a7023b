// The supervisor drops the loop's error and starts the loop again until
// shutdown: its only if is about the context, not the loop's error, so the
// loop's return does not stop the worker.
package ok_supervised_drop

import (
	"context"
	"time"

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
		if err := w.Finish(ctx, id); err != nil {
			return err
		}
	}
}

func Run(ctx context.Context, w *bkstore.W) {
	for {
		loop(ctx, w)
		if ctx.Err() != nil {
			return
		}
		time.Sleep(time.Second)
	}
}
