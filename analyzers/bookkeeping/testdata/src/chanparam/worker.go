// Workers get the pool's error channel as a parameter and report a failed
// completion on it; the claim loop hands out jobs and returns the first
// error a worker reports, with the other workers' jobs in hand.
package chanparam

import (
	"context"
	"log"
	"time"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W, size int) error {
	jobs := make(chan int64)
	errs := make(chan error, size)
	for range size {
		go work(ctx, w, jobs, errs)
	}
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		select {
		case jobs <- id:
		case err := <-errs:
			return err
		}
	}
}

func work(ctx context.Context, w *bkstore.W, jobs <-chan int64, errs chan<- error) {
	for id := range jobs {
		if err := bkstore.Handle(ctx, id); err != nil {
			log.Printf("job %d: %v", id, err)
			w.Retry(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			errs <- err
			return
		}
	}
}
