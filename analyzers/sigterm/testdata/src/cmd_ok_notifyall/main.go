package main

import (
	"context"
	"os"
	"os/signal"

	"worker"
)

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs) // every signal, SIGTERM included
	go func() { <-sigs; cancel() }()
	w := &worker.Worker{}
	w.Run(ctx)
}
