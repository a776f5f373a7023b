// The bookkeeping write itself is retried.
package ok_retrywrite

import (
	"context"
	"time"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := bkstore.Handle(ctx, id); err != nil {
		w.Retry(ctx, id)
		return
	}
	for attempt := 0; attempt < 5; attempt++ {
		if err := w.Finish(ctx, id); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}
