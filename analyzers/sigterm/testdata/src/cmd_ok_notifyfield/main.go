// The command keeps the function that subscribes to signals in a field
// of its own struct, set by its constructor.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"worker"
)

type server struct {
	notify func(c chan<- os.Signal, sig ...os.Signal)
	w      *worker.Worker
}

func newServer() *server {
	return &server{notify: signal.Notify, w: &worker.Worker{}}
}

func (s *server) run() {
	ctx, cancel := context.WithCancel(context.Background())
	stop := make(chan os.Signal, 1)
	s.notify(stop, syscall.SIGTERM)
	go func() {
		<-stop
		cancel()
	}()
	s.w.Run(ctx)
}

func main() {
	newServer().run()
}
