// The function that subscribes to signals is a parameter, which the tool
// does not follow; the call passes SIGTERM to it, and the tool does not
// guess a finding from what it cannot see.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

func run(notify func(c chan<- os.Signal, sig ...os.Signal)) {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	notify(stop, syscall.SIGTERM)
	go func() {
		<-stop
		cancel()
	}()
	w := &worker.Worker{}
	w.Run(ctx)
}

func main() {
	run(signal.Notify)
}
