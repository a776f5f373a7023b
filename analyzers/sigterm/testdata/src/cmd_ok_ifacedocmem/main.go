// A document database in production and an in-memory queue in
// development: neither is PostgreSQL, so nothing in sight claims from a
// queue table, and the rule stays silent.
package main

import (
	"context"
	"os"

	"ifdoc"
	"ifmem"
	"ifqueue"
	"ifworker"
)

func main() {
	ctx := context.Background()
	var store ifqueue.Store = &ifmem.Queue{}
	if os.Getenv("DOCDB_URL") != "" {
		store = &ifdoc.Store{}
	}
	w := &ifworker.Worker{Store: store}
	w.Run(ctx)
}
