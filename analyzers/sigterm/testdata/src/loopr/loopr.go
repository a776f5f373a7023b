// Package loopr runs functions it is given: Every again and again until
// the context is done, Once a single time.
package loopr

import (
	"context"
	"time"
)

type Func func(ctx context.Context) error

func Every(ctx context.Context, d time.Duration, f Func) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = f(ctx)
		}
	}
}

// Go runs f in a loop on its own goroutine, through Every.
func Go(ctx context.Context, f func(context.Context) error) {
	go Every(ctx, time.Second, f)
}

func Once(ctx context.Context, f Func) error { return f(ctx) }

// Retry runs f until it succeeds, at most n times.
func Retry(ctx context.Context, n int, f Func) (err error) {
	for i := 0; i < n; i++ {
		if err = f(ctx); err == nil {
			return nil
		}
	}
	return err
}
