// The same if/else, but the variable lives across iterations and the
// retry check sits at the top of the loop: a failed completion is retried
// on the next turn.
package branchoutcome

import (
	"context"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W, ids <-chan int64) {
	var err error
	var last int64
	for id := range ids {
		if err != nil {
			w.Retry(ctx, last)
		}
		last = id
		if err = bkstore.Handle(ctx, id); err != nil {
			continue
		}
		err = w.Finish(ctx, id) // want `the error of this completion takes the failure path`
	}
}
