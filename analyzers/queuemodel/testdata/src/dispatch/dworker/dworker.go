package dworker // want package:`implements\(dq.Noop.Take implements dq.Store\)`

// Package dworker takes jobs through dq.Store; the calls stay dispatches in
// its facts, resolved by whoever sees the implementations.

import (
	"context"

	"dispatch/dq"
)

func Loop(ctx context.Context, s dq.Store) { // want Loop:"calls dq.Store.Take in a loop"
	for ctx.Err() == nil {
		once(ctx, s)
	}
}

func once(ctx context.Context, s dq.Store) { s.Take(ctx) } // want once:"calls dq.Store.Take"
