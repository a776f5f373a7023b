// The claim loop is a method value handed to an errgroup, which runs it
// once: once is enough, since the method loops.
package main

import (
	"context"

	"golang.org/x/sync/errgroup"

	"tickw"
)

func main() {
	g, _ := errgroup.WithContext(context.Background())
	w := &tickw.Worker{}
	g.Go(w.Serve) // want `g.Go starts a claim loop, but this command never handles SIGTERM`
	g.Wait()
}
