// Handler errors and bookkeeping errors apart.
package ok_apart

import (
	"context"
	"log"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if herr := bkstore.Handle(ctx, id); herr != nil {
		if err := w.Retry(ctx, id); err != nil {
			log.Printf("retry %d: %v", id, err)
		}
		return
	}
	if err := w.Finish(ctx, id); err != nil {
		log.Printf("finish %d: %v", id, err)
	}
}
