// An operator's command runs one job by id and exits with its outcome: a
// failed job is recorded as such, then the process exits 1. The exit is the
// handler's failure, not the bookkeeping's.
package ok_oneshot

import (
	"context"
	"log"
	"os"

	"bkstore"
)

func runJob(ctx context.Context, w *bkstore.W, id int64) {
	err := bkstore.Handle(ctx, id)
	if err != nil {
		log.Printf("job %d failed: %v", id, err)
		err = w.Retry(ctx, id)
		if err != nil {
			log.Printf("recording the failure of job %d: %v", id, err)
		}
		os.Exit(1)
	}
	if err := w.Finish(ctx, id); err != nil {
		log.Printf("recording the success of job %d: %v", id, err)
	}
}
