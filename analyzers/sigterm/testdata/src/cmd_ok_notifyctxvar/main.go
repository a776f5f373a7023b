// signal.NotifyContext held in a package variable, called by main.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"worker"
)

var notifyContext = signal.NotifyContext

func main() {
	ctx, stop := notifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx)
}
