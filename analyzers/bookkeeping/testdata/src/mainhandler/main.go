// The loop claims and hands each job to a handler given as a value; the
// handler exits on a failed finish, with the job in hand. Its caller is
// the loop, out of sight of the package's static calls.
package main

import (
	"context"
	"log"

	"bkstore"
)

func main() {
	run(context.Background(), &bkstore.W{}, finishOne)
}

func run(ctx context.Context, w *bkstore.W, handle func(context.Context, *bkstore.W, int64)) {
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		handle(ctx, w, id)
	}
}

func finishOne(ctx context.Context, w *bkstore.W, id int64) {
	if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
		log.Fatal(err)
	}
}
