// Package worker records a job's outcome through queue.Queue: a failure
// is Nacked. Whether the attempts ran out is its caller's question.
package worker

import (
	"context"

	"wiretwo/queue"
)

type Recorder struct{ q queue.Queue }

func New(q queue.Queue) *Recorder { return &Recorder{q: q} }

func (r *Recorder) Record(ctx context.Context, j queue.Job, err error) error {
	if err != nil {
		return r.q.Nack(ctx, j.ID)
	}
	return r.q.Ack(ctx, j.ID)
}
