// The seed's main, its finding silenced by a directive written when the
// SIGTERM check was part of the lease rule.
package main

import (
	"context"
	"log"

	"worker"
)

func main() {
	w := &worker.Worker{}
	//jobqlint:ignore lease an example command, never deployed
	if err := w.Run(context.Background()); err != nil {
		log.Fatal(err)
	}
}
