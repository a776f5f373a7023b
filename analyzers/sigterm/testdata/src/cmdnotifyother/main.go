// The package variable has signal.Notify's shape but holds a function that
// subscribes to nothing: SIGTERM still kills the worker mid-job.
package main

import (
	"context"
	"os"
	"syscall"

	"worker"
)

var signalNotify = func(c chan<- os.Signal, sig ...os.Signal) {}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	signalNotify(stop, syscall.SIGTERM)
	go func() {
		<-stop
		cancel()
	}()
	w := &worker.Worker{}
	w.Run(ctx) // want `w.Run starts a claim loop, but this command never handles SIGTERM`
}
