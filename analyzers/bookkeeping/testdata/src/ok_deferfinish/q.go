// The completion runs in a deferred closure once the handler succeeded; its
// error is the function's result, for the caller to log. The handler's
// error alone takes the retry.
package ok_deferfinish

import (
	"context"
	"log"

	"bkstore"
)

func runOne(ctx context.Context, w *bkstore.W, id int64) (err error) {
	defer func() {
		if err == nil {
			err = w.Finish(ctx, id)
		}
	}()
	err = bkstore.Handle(ctx, id)
	if err != nil {
		if rerr := w.Retry(ctx, id); rerr != nil {
			log.Printf("retry %d: %v", id, rerr)
		}
		return nil
	}
	return nil
}
