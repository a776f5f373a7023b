// The command's own poll loop calls the step it is given: a method value.
package main

import (
	"context"
	"time"

	"tickw"
)

func main() {
	ctx := context.Background()
	w := &tickw.Worker{}
	poll(ctx, w.Tick) // want `poll starts a claim loop, but this command never handles SIGTERM`
}

func poll(ctx context.Context, step func(context.Context) error) {
	for ctx.Err() == nil {
		if err := step(ctx); err != nil {
			time.Sleep(time.Second)
		}
	}
}
