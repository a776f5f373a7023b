// A runner that starts a goroutine looping on the function it is given,
// through another function of its package.
package main

import (
	"context"

	"loopr"
	"tickw"
)

func main() {
	ctx := context.Background()
	w := &tickw.Worker{}
	loopr.Go(ctx, w.Tick) // want `loopr.Go starts a claim loop, but this command never handles SIGTERM`
	<-ctx.Done()
}
