// The helper the command uses handles Ctrl-C only; that the same library
// has a helper for SIGTERM does not help a command that does not call it.
package main

import (
	"sighelper"
	"worker"
)

func main() {
	ctx, cancel := sighelper.CtrlCContext()
	defer cancel()
	w := &worker.Worker{}
	w.Run(ctx) // want `never handles SIGTERM`
}
