// signal.Notify is kept in a package variable, so that tests can replace
// it; main calls it through the variable.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

var signalNotify = signal.Notify

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	signalNotify(stop, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-stop
		cancel()
	}()
	w := &worker.Worker{}
	w.Run(ctx)
}
