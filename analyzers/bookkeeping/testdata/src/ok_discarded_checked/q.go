// The worker reads every completion's error: assigned and checked, or
// handled by a helper of its own that logs it and hands it back. A
// failed retry is left to the reclaimer, which puts the job back anyway.
package ok_discarded_checked

import (
	"context"
	"log"
	"time"

	"bkstore"
)

type worker struct{ store *bkstore.W }

func (w *worker) finish(ctx context.Context, id int64) error {
	err := w.store.Finish(ctx, id)
	if err != nil {
		log.Printf("finish job %d: %v", id, err)
	}
	return err
}

func (w *worker) Run(ctx context.Context) {
	for ctx.Err() == nil {
		id, err := w.store.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if bkstore.Handle(ctx, id) != nil {
			_ = w.store.Retry(ctx, id)
			continue
		}
		if id%2 == 0 {
			_ = w.finish(ctx, id)
			continue
		}
		err = w.store.Finish(ctx, id)
		if err != nil {
			log.Printf("finish job %d: %v", id, err)
		}
	}
}
