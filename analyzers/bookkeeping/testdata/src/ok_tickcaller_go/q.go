// The batch of ok_tickcaller, run by a service's goroutine that waits
// before each batch, logs a failed one and goes on (err := ...; if err !=
// nil { log; continue }): the worker does not stop.
package ok_tickcaller_go

import (
	"context"

	"bkstore"
)

func ProcessBatch(ctx context.Context, w *bkstore.W) error {
	for i := 0; i < 10; i++ {
		id, err := w.Claim(ctx)
		if err != nil {
			return err
		}
		if bkstore.Handle(ctx, id) != nil {
			w.Fail(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
