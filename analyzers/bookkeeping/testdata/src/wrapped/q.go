// The completion's error is wrapped, joined or annotated before the one
// check that retries: it still takes the failure path.
package wrapped

import (
	"context"
	"errors"
	"fmt"

	"bkstore"
)

func annotate(id int64, err error) error { return fmt.Errorf("job %d: %w", id, err) }

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	err := bkstore.Handle(ctx, id)
	if err == nil {
		if ferr := w.Finish(ctx, id); ferr != nil { // want `the error of this completion takes the failure path`
			err = fmt.Errorf("recording success: %w", ferr)
		}
	}
	if err != nil {
		w.Retry(ctx, id)
	}
}

func runJoined(ctx context.Context, w *bkstore.W, id int64) {
	herr := bkstore.Handle(ctx, id)
	ferr := w.Finish(ctx, id) // want `the error of this completion takes the failure path`
	if err := errors.Join(herr, ferr); err != nil {
		w.Retry(ctx, id)
	}
}

func runAnnotated(ctx context.Context, w *bkstore.W, id int64) {
	if err := bkstore.Handle(ctx, id); err != nil {
		w.Fail(ctx, id)
		return
	}
	err := annotate(id, w.Finish(ctx, id)) // want `the error of this completion takes the failure path`
	if err != nil {
		w.Retry(ctx, id)
	}
}
