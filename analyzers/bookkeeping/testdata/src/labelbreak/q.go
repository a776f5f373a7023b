// A labeled break from inside the select leaves the claim loop: a failed
// completion stops the worker.
package labelbreak

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W, tick <-chan struct{}) {
loop:
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick:
			id, err := w.Claim(ctx)
			if err != nil {
				continue
			}
			if bkstore.Handle(ctx, id) != nil {
				continue
			}
			if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
				log.Printf("finish %d: %v", id, err)
				break loop
			}
		}
	}
	log.Print("worker stopped")
}

// The same from a loop that retries the completion: the label names the
// claim loop, not the retry loop the break sits in.
func RunRetrying(ctx context.Context, w *bkstore.W) {
loop:
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		for attempt := 1; ; attempt++ {
			if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
				if attempt < 3 {
					continue
				}
				log.Printf("finish %d: %v", id, err)
				break loop
			}
			break
		}
	}
	log.Print("worker stopped")
}
