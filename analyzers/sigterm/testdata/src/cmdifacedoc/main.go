// The store is PostgreSQL or a document database, by configuration: with
// PostgreSQL the worker loop claims jobs, and nothing in sight says the
// document store's Dequeue does not claim too. A deploy kills the job in
// hand either way.
package main

import (
	"context"
	"os"

	"ifdoc"
	"ifpg"
	"ifqueue"
	"ifworker"
)

func main() {
	ctx := context.Background()
	var store ifqueue.Store = &ifdoc.Store{}
	if os.Getenv("STORE") == "postgres" {
		store = &ifpg.Store{}
	}
	w := &ifworker.Worker{Store: store}
	w.Run(ctx) // want `w.Run starts a claim loop with some implementations of its store, but this command never handles SIGTERM`
}
