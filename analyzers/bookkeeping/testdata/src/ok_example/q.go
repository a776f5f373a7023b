// The package's own code keeps the worker alive; its example and its test
// stop on a failed write, as examples and tests do.
package ok_example

import (
	"context"
	"log"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := bkstore.Handle(ctx, id); err != nil {
		log.Printf("job %d: %v", id, err)
		return
	}
	if err := w.Finish(ctx, id); err != nil {
		log.Printf("finish %d: %v", id, err)
	}
}
