// Two implementations of the store, one sound and one not: both claim, so
// whichever runs, a deploy kills the job in hand.
package main

import (
	"context"
	"os"

	"ifpg"
	"ifpgok"
	"ifqueue"
	"ifworker"
)

func main() {
	ctx := context.Background()
	var store ifqueue.Store = &ifpgok.Store{}
	if os.Getenv("LEGACY") != "" {
		store = &ifpg.Store{}
	}
	w := &ifworker.Worker{Store: store}
	w.Run(ctx) // want `w.Run starts a claim loop`
}
