package dq // want package:`implements\(dq.Noop.Take implements dq.Store\)`

// Package dq declares a store, and one implementation of it beside it.

import "context"

type Store interface {
	Take(ctx context.Context) (int64, error)
}

// Noop takes nothing.
type Noop struct{}

func (Noop) Take(ctx context.Context) (int64, error) { return 0, nil }
