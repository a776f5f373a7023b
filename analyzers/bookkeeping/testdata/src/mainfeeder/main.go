// A goroutine claims jobs and feeds their ids to the loop that runs them;
// that loop exits on a failed finish, with jobs claimed and in hand.
package main

import (
	"context"
	"log"

	"bkstore"
)

func main() {
	ctx := context.Background()
	w := &bkstore.W{}
	ids := make(chan int64)
	go func() {
		for {
			id, err := w.Claim(ctx)
			if err == nil {
				ids <- id
			}
		}
	}()
	for id := range ids {
		if err := bkstore.Handle(ctx, id); err != nil {
			w.Retry(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			log.Fatal(err)
		}
	}
}
