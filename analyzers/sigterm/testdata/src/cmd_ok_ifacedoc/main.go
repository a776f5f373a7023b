// The worker runs on the document database only: no implementation in
// sight claims from PostgreSQL, and the rule does not guess what the
// document store does.
package main

import (
	"context"

	"ifdoc"
	"ifworker"
)

func main() {
	w := &ifworker.Worker{Store: &ifdoc.Store{}}
	w.Run(context.Background())
}
