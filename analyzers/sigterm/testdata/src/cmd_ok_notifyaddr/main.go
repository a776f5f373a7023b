// The package variable starts as a function that subscribes to nothing,
// but its address is handed to a setter that may replace it: the tool
// cannot tell what main calls, and does not guess a finding.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

type notifyFunc = func(c chan<- os.Signal, sig ...os.Signal)

var notify notifyFunc = subscribeNothing

func subscribeNothing(c chan<- os.Signal, sig ...os.Signal) {}

func install(p *notifyFunc, fn notifyFunc) { *p = fn }

func main() {
	install(&notify, signal.Notify)
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
