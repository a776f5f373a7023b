// The error checked is the one the closure returned: the if's init only
// measures how long the job took. The completion's error still takes the
// failure path.
package timedcheck

import (
	"context"
	"log"
	"time"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	start := time.Now()
	err := func() error {
		if err := bkstore.Handle(ctx, id); err != nil {
			return err
		}
		return w.Finish(ctx, id) // want `the error of this completion takes the failure path`
	}()
	if took := time.Since(start); err != nil {
		log.Printf("job %d failed after %s: %v", id, took, err)
		w.Retry(ctx, id)
	}
}
