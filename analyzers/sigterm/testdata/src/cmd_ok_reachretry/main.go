// A retry helper calls the claim in a counted loop: up to three attempts
// at one job, then the command exits. No claim loop.
package main

import (
	"context"

	"loopr"
	"tickw"
)

func main() {
	w := &tickw.Worker{}
	loopr.Retry(context.Background(), 3, w.Tick)
}
