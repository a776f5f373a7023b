// A runner that calls the function it is given once: the command claims
// one job and exits.
package main

import (
	"context"

	"loopr"
	"tickw"
)

func main() {
	w := &tickw.Worker{}
	loopr.Once(context.Background(), w.Tick)
}
