// Package svcslice starts the application's workers from a slice of
// method values: which claim loop each runs, the command that fills
// Services knows.
package svcslice

import (
	"context"
	"log"
)

type OutboxWorker interface {
	StartWorker(ctx context.Context)
}

type Services struct {
	OutboxWorker OutboxWorker
}

// StartEach starts them by handing each method value to a function
// literal called where it is made.
func (s *Services) StartEach(ctx context.Context) {
	workers := []struct {
		name  string
		start func(context.Context)
	}{
		{"outbox", s.OutboxWorker.StartWorker},
	}
	for _, w := range workers {
		go func(name string, start func(context.Context)) {
			log.Printf("starting %s", name)
			start(ctx)
		}(w.name, w.start)
	}
}

// Retry runs a step until it succeeds, the step a closure that may run
// itself again: no claim, and nothing to follow for ever.
func Retry(ctx context.Context, step func(context.Context) error) {
	var again func(context.Context)
	again = func(ctx context.Context) {
		if step(ctx) != nil && ctx.Err() == nil {
			again(ctx)
		}
	}
	again(ctx)
}

type worker struct {
	name  string
	start func(context.Context)
}

func (s *Services) StartWorkers(ctx context.Context) {
	workers := []worker{
		{"outbox", s.OutboxWorker.StartWorker},
	}
	for _, w := range workers {
		log.Printf("starting %s", w.name)
		go func(w worker) { w.start(ctx) }(w)
	}
}
