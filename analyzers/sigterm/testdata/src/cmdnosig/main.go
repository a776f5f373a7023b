// The seed's main: no signal handling at all.
package main

import (
	"context"
	"log"

	"worker"
)

func main() {
	w := &worker.Worker{}
	if err := w.Run(context.Background()); err != nil { // want `w.Run starts a claim loop, but this command never handles SIGTERM\nevery deploy kills the worker with a job in hand`
		log.Fatal(err)
	}
}
