// The runner's loop runs a function that claims nothing (it reports a
// metric): no claim loop. The claim itself runs once.
package main

import (
	"context"
	"time"

	"loopr"
	"tickw"
)

func report(ctx context.Context) error { return nil }

func main() {
	ctx := context.Background()
	w := &tickw.Worker{}
	w.Tick(ctx)
	go loopr.Every(ctx, time.Minute, report)
	loopr.Go(ctx, func(ctx context.Context) error { return nil })
}
