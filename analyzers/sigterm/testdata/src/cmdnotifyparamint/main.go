// The function that subscribes to signals is a parameter, asked for
// os.Interrupt only: whatever it is, SIGTERM is not among the signals.
package main

import (
	"context"
	"os"
	"os/signal"

	"worker"
)

func run(notify func(c chan<- os.Signal, sig ...os.Signal)) {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	notify(stop, os.Interrupt)
	go func() {
		<-stop
		cancel()
	}()
	w := &worker.Worker{}
	w.Run(ctx)
}

func main() {
	run(signal.Notify) // want `run starts a claim loop, but this command never handles SIGTERM`
}
