// The package variable holds a function literal that subscribes through
// signal.Notify.
package main

import (
	"context"
	"log"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

var notify = func(c chan<- os.Signal, sig ...os.Signal) {
	log.Printf("subscribing to %v", sig)
	signal.Notify(c, sig...)
}

func main() {
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
