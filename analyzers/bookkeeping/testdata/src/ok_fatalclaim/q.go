// log.Fatal on a claim error is not this rule's business.
package ok_fatalclaim

import (
	"context"
	"log"

	"bkstore"
)

func once(ctx context.Context, w *bkstore.W) {
	id, err := w.Claim(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if err := bkstore.Handle(ctx, id); err != nil {
		w.Fail(ctx, id)
		return
	}
	if err := w.Finish(ctx, id); err != nil {
		log.Print(err)
	}
}
