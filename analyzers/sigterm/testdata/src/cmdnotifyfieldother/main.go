// The struct field has signal.Notify's shape, but the constructor puts a
// function there that subscribes to nothing.
package main

import (
	"context"
	"os"
	"syscall"

	"worker"
)

type server struct {
	notify func(c chan<- os.Signal, sig ...os.Signal)
	w      *worker.Worker
}

func subscribeNothing(c chan<- os.Signal, sig ...os.Signal) {}

func newServer() *server {
	return &server{notify: subscribeNothing, w: &worker.Worker{}}
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
	newServer().run() // want `newServer\(\).run starts a claim loop, but this command never handles SIGTERM`
}
