// The signals are a list spread into Notify; SIGTERM is in it.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	go func() { <-ch; cancel() }()
	w := &worker.Worker{}
	w.Run(ctx)
}
