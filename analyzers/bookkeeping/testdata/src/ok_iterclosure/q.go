// Each iteration runs in a closure: its return ends that iteration only,
// and the loop logs the error and claims the next job.
package ok_iterclosure

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) {
	for ctx.Err() == nil {
		err := func() error {
			id, err := w.Claim(ctx)
			if err != nil {
				return err
			}
			if bkstore.Handle(ctx, id) != nil {
				return nil
			}
			if err := w.Finish(ctx, id); err != nil {
				return err
			}
			return nil
		}()
		if err != nil {
			log.Printf("iteration: %v", err)
		}
	}
}
