// The claim is a method value; the loop is a runner's of another package,
// which calls the function it is given on every tick.
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
	loopr.Every(ctx, time.Second, w.Tick) // want `loopr.Every starts a claim loop, but this command never handles SIGTERM`
}
