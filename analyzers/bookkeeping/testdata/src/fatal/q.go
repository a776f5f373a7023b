package fatal

import (
	"context"
	"log"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := bkstore.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here\n.*retry the write, or log it and go on \(no statement here returns an expired claim to the queue`
		log.Fatalf("finish: %v", err)
	}
}
