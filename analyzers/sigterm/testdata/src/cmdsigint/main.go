// os.Interrupt is SIGINT (Ctrl-C); deploys send SIGTERM.
package main

import (
	"context"
	"os"
	"os/signal"

	"worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx) // want `never handles SIGTERM`
}
