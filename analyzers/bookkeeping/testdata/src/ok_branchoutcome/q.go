// The handler's error picks the outcome in one if/else, and the outcome's
// own error is only logged. The check that retries comes before the
// completion in the loop body, and err is declared afresh each iteration:
// the completion's error never reaches it.
package ok_branchoutcome

import (
	"context"
	"log"

	"bkstore"
)

func Run(ctx context.Context, w *bkstore.W) {
	for ctx.Err() == nil {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		err = bkstore.Handle(ctx, id)
		if err != nil {
			err = w.Retry(ctx, id)
		} else {
			err = w.Finish(ctx, id)
		}
		if err != nil {
			log.Printf("job %d: recording the outcome: %v", id, err)
		}
	}
}
