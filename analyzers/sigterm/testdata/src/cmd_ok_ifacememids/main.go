// PostgreSQL or an in-memory queue that calls a library of another module
// (with no context: no store behind it): the in-memory queue claims
// nothing, so nothing says the command runs a claim loop.
package main

import (
	"context"
	"os"

	"ifmemids"
	"ifpg"
	"ifqueue"
	"ifworker"
)

func main() {
	ctx := context.Background()
	var store ifqueue.Store = &ifmemids.Queue{}
	if os.Getenv("DATABASE_URL") != "" {
		store = &ifpg.Store{}
	}
	w := &ifworker.Worker{Store: store}
	w.Run(ctx)
}
