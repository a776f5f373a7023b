// An operator's command: requeue one failed job by id, and exit on an
// error. It claims nothing, so ending it ends no job in hand, and nothing
// runs it again; the worker is another binary.
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
	case "retry":
		runRetry(context.Background(), w, os.Args[2:])
	case "finish":
		id, err := strconv.ParseInt(os.Args[2], 10, 64)
		if err != nil {
			log.Fatal(err)
		}
		if err := w.Finish(context.Background(), id); err != nil {
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
