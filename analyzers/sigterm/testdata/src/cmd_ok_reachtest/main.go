// The command claims one job; only its test runs the claim in a loop.
package main

import (
	"context"

	"tickw"
)

func main() {
	w := &tickw.Worker{}
	w.Tick(context.Background())
}
