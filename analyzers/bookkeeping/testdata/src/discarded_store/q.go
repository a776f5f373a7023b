// The worker drops the store's answer to "mark it done": a failed
// completion leaves the job claimed, and nothing says so.
package discarded_store

import (
	"context"
	"log"
	"time"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) {
	for ctx.Err() == nil {
		id, err := w.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			if err := w.Retry(ctx, id); err != nil {
				log.Printf("retry job %d: %v", id, err)
			}
			continue
		}
		_ = w.Finish(ctx, id) // want `the error of this completion is discarded`
	}
}
