// syscall.SIGINT is Ctrl-C, as os.Interrupt is; deploys send SIGTERM.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT)
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx) // want `never handles SIGTERM`
}
