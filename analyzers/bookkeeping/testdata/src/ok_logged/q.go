package ok_logged

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) {
	for ctx.Err() == nil {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			w.Fail(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil {
			log.Printf("finish %d: %v (the lease returns it)", id, err)
		}
	}
}
