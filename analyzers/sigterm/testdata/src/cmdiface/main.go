// The worker loop claims through an interface whose one implementation in
// sight claims from PostgreSQL: the command needs SIGTERM handling, and the
// finding sits at the outermost call in main.
package main

import (
	"context"

	"ifpg"
	"ifworker"
)

func main() {
	ctx := context.Background()
	w := &ifworker.Worker{Store: &ifpg.Store{}}
	w.Run(ctx) // want `w.Run starts a claim loop, but this command never handles SIGTERM`
}
