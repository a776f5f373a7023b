package exit

import (
	"context"
	"os"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if bkstore.Handle(ctx, id) != nil {
		err := w.Retry(ctx, id) // want `a failed bookkeeping write stops the worker`
		if err != nil {
			os.Exit(1)
		}
	}
}
