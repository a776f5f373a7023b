// Package errgroup is a stub of golang.org/x/sync/errgroup's API, for
// tests: Go runs f once, on its own goroutine.
package errgroup

import "context"

type Group struct{ errs chan error }

func WithContext(ctx context.Context) (*Group, context.Context) {
	return &Group{errs: make(chan error, 8)}, ctx
}

func (g *Group) Go(f func() error) { go func() { g.errs <- f() }() }

func (g *Group) Wait() error { return <-g.errs }
