// A library's drain finishes the jobs it is given, one after the other,
// and ends the process on a failed finish. Its callers (a worker that
// claimed them) are out of sight; that it calls itself says nothing of
// them.
package libdrain

import (
	"context"
	"log"

	"bkstore"
)

func Drain(ctx context.Context, w *bkstore.W, ids []int64) {
	if len(ids) == 0 {
		return
	}
	if err := w.Finish(ctx, ids[0]); err != nil { // want `a failed bookkeeping write stops the worker here`
		log.Fatal(err)
	}
	Drain(ctx, w, ids[1:])
}
