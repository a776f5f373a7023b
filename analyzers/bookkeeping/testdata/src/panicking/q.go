package panicking

import (
	"context"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := bkstore.Handle(ctx, id); err != nil {
		if err := w.Fail(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker`
			panic(err)
		}
	}
}
