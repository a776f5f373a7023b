package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	w := &worker.Worker{}
	w.Run(ctx)
}
