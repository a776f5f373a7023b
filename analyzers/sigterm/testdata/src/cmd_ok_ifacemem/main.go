// The store is PostgreSQL or an in-memory queue: the worker loop claims
// from PostgreSQL only with one of them, so nothing says this command runs
// a claim loop.
package main

import (
	"context"
	"os"

	"ifmem"
	"ifpg"
	"ifqueue"
	"ifworker"
)

func main() {
	ctx := context.Background()
	var store ifqueue.Store = &ifmem.Queue{}
	if os.Getenv("DATABASE_URL") != "" {
		store = &ifpg.Store{}
	}
	w := &ifworker.Worker{Store: store}
	w.Run(ctx)
}
