// The signal context is a package-level variable, made before main runs.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

var ctx, stop = signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)

func main() {
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx)
}
