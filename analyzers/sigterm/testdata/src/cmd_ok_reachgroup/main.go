// An errgroup runs a one-shot claim once: the command claims one job and
// exits, no loop for a deploy to cut.
package main

import (
	"context"

	"golang.org/x/sync/errgroup"

	"tickw"
)

func main() {
	g, ctx := errgroup.WithContext(context.Background())
	w := &tickw.Worker{}
	g.Go(func() error { return w.Tick(ctx) })
	g.Wait()
}
