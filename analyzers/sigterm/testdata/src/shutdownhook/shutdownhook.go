// Package shutdownhook runs a command's parts: each function it is given
// runs on its own goroutine until the context is done.
package shutdownhook

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

type App struct{ parts []func(context.Context) }

func (a *App) Add(f func(context.Context)) { a.parts = append(a.parts, f) }

// Listen cancels ctx's children on SIGTERM: a command registers it as one
// of its parts.
func Listen(ctx context.Context) { // want Listen:"notifies SIGTERM"
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGTERM)
	<-c
}
