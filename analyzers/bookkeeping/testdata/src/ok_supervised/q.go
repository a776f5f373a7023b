// The claim loop returns its error, and its supervisor logs it, backs off
// and starts the loop again: the worker never stops, and the finished job
// is not run again (the lease returns it only if the completion was lost).
package ok_supervised

import (
	"context"
	"log"
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
	for ctx.Err() == nil {
		if err := loop(ctx, w); err != nil {
			log.Printf("worker loop: %v; restarting", err)
			time.Sleep(time.Second)
		}
	}
}
