// The same worker, with SIGTERM handled.
package main

import (
	"context"
	"os/signal"
	"syscall"

	"ifpg"
	"ifworker"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	w := &ifworker.Worker{Store: &ifpg.Store{}}
	w.Run(ctx)
}
