// Package queue declares the module's interfaces; it converts nothing.
package queue

import "context"

type Queue interface {
	Nack(ctx context.Context, id int64) error
}

// Named is a wider interface: a value of it may become a Queue.
type Named interface {
	Queue
	Name() string
}

// Empty has no method: converting to it tells nothing about Queue.
type Empty interface{}
