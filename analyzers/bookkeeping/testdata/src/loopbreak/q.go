// Breaking out of the claim loop on a bookkeeping error ends the worker as
// surely as returning.
package loopbreak

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) {
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		if bkstore.Handle(ctx, id) != nil {
			continue
		}
		if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here\none database hiccup ends the worker`
			log.Printf("finish: %v", err)
			break
		}
	}
	log.Print("worker stopped")
}

func RunSelect(ctx context.Context, w *bkstore.W, tick <-chan struct{}) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		switch err := w.Finish(ctx, id); {
		case err != nil:
			break // leaves the switch, not the loop
		}
	}
}
