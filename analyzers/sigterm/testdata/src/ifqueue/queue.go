// Package ifqueue declares the store a worker claims through; its
// implementations live in other packages.
package ifqueue

import "context"

type Job struct{ ID int64 }

type Store interface {
	Dequeue(ctx context.Context) (*Job, error)
	Complete(ctx context.Context, id int64) error
}
