// The claim runs inside a select case (or a labeled switch), and a failed
// completion breaks out of that select or switch: the loop goes on to the
// next job, and the worker keeps running.
package ok_selectbreak

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W, tick <-chan struct{}) {
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
			if err := w.Finish(ctx, id); err != nil {
				log.Printf("finish %d: %v", id, err)
				break // leaves the select, not the loop
			}
		}
	}
}

func RunSwitch(ctx context.Context, w *bkstore.W, mode int) {
	for {
	step:
		switch mode {
		case 1:
			id, err := w.Claim(ctx)
			if err != nil {
				continue
			}
			if err := w.Finish(ctx, id); err != nil {
				log.Printf("finish %d: %v", id, err)
				break step // leaves the switch, not the loop
			}
		}
	}
}
