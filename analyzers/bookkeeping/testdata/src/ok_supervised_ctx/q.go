// The supervisor logs the loop's error and starts it again; it stops only
// on shutdown, on an if about the context, not about the loop's error.
package ok_supervised_ctx

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
	for {
		if err := loop(ctx, w); err != nil {
			log.Printf("worker loop: %v; restarting", err)
		}
		if ctx.Err() != nil {
			return
		}
		time.Sleep(time.Second)
	}
}
