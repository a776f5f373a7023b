// The store's Finish returns nothing: the worker has no error to drop.
package ok_discarded_void

import (
	"context"
	"time"

	"bkvoid"
)

func Run(ctx context.Context, w *bkvoid.W) {
	for ctx.Err() == nil {
		id, err := w.Claim(ctx)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if bkvoid.Handle(ctx, id) == nil {
			w.Finish(ctx, id)
		}
	}
}
