// The command's signal handling is a helper of another package that asks
// for SIGTERM two calls down: a deploy cancels ctx and the worker drains.
package main

import (
	"sighelper"
	"worker"
)

func main() {
	ctx, cancel := sighelper.InterruptContext()
	defer cancel()
	w := &worker.Worker{}
	w.Run(ctx)
}
