// One binary, two commands. The worker claims jobs in a loop and exits on
// a failed finish: every job in hand ends with it. The retry command
// requeues one failed job by id and exits on an error: it holds no job.
package main

import (
	"context"
	"log"
	"os"
	"strconv"

	"bkstore"
)

func main() {
	w := &bkstore.W{}
	switch os.Args[1] {
	case "worker":
		runWorker(context.Background(), w)
	case "retry":
		runRetry(context.Background(), w, os.Args[2:])
	}
}

func runWorker(ctx context.Context, w *bkstore.W) {
	for {
		id, err := w.Claim(ctx)
		if err != nil {
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			w.Retry(ctx, id)
			continue
		}
		if err := w.Finish(ctx, id); err != nil { // want `a failed bookkeeping write stops the worker here`
			log.Fatal(err)
		}
	}
}

func runRetry(ctx context.Context, w *bkstore.W, args []string) {
	id, err := strconv.ParseInt(args[0], 10, 64)
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Retry(ctx, id); err != nil {
		log.Fatal(err)
	}
}
