// Package queue declares the queue the worker runs on.
package queue

import "context"

type Job struct {
	ID       int64
	Attempts int
}

type Queue interface {
	Dequeue(ctx context.Context) (Job, error)
	Ack(ctx context.Context, id int64) error
	Nack(ctx context.Context, id int64) error
}
