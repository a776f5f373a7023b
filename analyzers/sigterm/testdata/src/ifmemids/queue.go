// Package ifmemids implements ifqueue.Store in memory, waits at most a
// minute for a job, and stamps each job it hands out with an ID from a
// library: it still claims nothing from a database.
package ifmemids

import (
	"context"
	"time"

	"example.com/ids"

	"ifqueue"
)

type Queue struct {
	jobs  chan *ifqueue.Job
	Trace map[int64]string
}

var _ ifqueue.Store = (*Queue)(nil)

func (q *Queue) Dequeue(ctx context.Context) (*ifqueue.Job, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	select {
	case j := <-q.jobs:
		q.Trace[j.ID] = ids.New()
		return j, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (q *Queue) Complete(ctx context.Context, id int64) error { return nil }
