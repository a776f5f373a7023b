// The claim loop keeps going after a failed completion and remembers the
// last such error; it returns it only once the context ends and the loop
// is over, which stops nothing.
package ok_chanafterloop

import (
	"context"
	"log"
	"time"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) error {
	var lastErr error
	for ctx.Err() == nil {
		id, err := w.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			w.Retry(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil {
			log.Printf("finish job %d: %v", id, err)
			lastErr = err
		}
	}
	return lastErr
}
