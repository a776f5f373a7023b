// One err for both.
package shared

import (
	"context"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	err := bkstore.Handle(ctx, id)
	if err == nil {
		err = w.Finish(ctx, id) // want `the error of this completion takes the failure path\nwhen recording success fails after the handler succeeded`
	}
	if err != nil {
		w.Retry(ctx, id)
	}
}
