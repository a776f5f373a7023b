// An exported package variable of a command, which no other package can
// import and set: it holds a function that subscribes to nothing.
package main

import (
	"context"
	"os"
	"syscall"

	"worker"
)

var SignalNotify = subscribeNothing

func subscribeNothing(c chan<- os.Signal, sig ...os.Signal) {}

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	SignalNotify(stop, syscall.SIGTERM)
	go func() {
		<-stop
		cancel()
	}()
	w := &worker.Worker{}
	w.Run(ctx) // want `w.Run starts a claim loop, but this command never handles SIGTERM`
}
