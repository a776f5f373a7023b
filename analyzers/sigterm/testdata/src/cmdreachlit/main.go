// The claim is in a function literal handed to a runner that calls it in
// a loop.
package main

import (
	"context"
	"time"

	"loopr"
	"tickw"
)

func main() {
	ctx := context.Background()
	w := &tickw.Worker{}
	loopr.Every(ctx, time.Second, func(ctx context.Context) error { // want `loopr.Every starts a claim loop, but this command never handles SIGTERM`
		return w.Tick(ctx)
	})
}
