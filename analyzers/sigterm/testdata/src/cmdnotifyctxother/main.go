// The package variable has signal.NotifyContext's shape, but holds a
// function that only makes a cancellable context.
package main

import (
	"context"
	"os"
	"syscall"

	"worker"
)

var notifyContext = func(ctx context.Context, sig ...os.Signal) (context.Context, context.CancelFunc) {
	return context.WithCancel(ctx)
}

func main() {
	ctx, stop := notifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx) // want `w.Run starts a claim loop, but this command never handles SIGTERM`
}
