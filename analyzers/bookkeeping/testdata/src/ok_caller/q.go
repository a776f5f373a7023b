// Returning the error to a caller that is not the claim loop.
package ok_caller

import (
	"context"

	"bkstore"
)

func complete(ctx context.Context, w *bkstore.W, id int64) error {
	if err := w.Finish(ctx, id); err != nil {
		return err
	}
	return nil
}
