// The worker requeues every failed job: nothing gives up.
package worker

import (
	"context"

	"example.com/xmerge"
)

func Run(ctx context.Context, q *xmerge.Queries, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := q.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			q.Finish(ctx, id, "failed", true) // want `this call puts the job back with no limit\nxmerge.\(\*Queries\).Finish retries unless its caller says the attempts ran out \(q.go:21\)`
			continue
		}
		q.Finish(ctx, id, "done", false)
	}
}

// RunLater snoozes every failed job: one report for the call, whichever
// of Finish's retries it makes.
func RunLater(ctx context.Context, q *xmerge.Queries, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := q.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			later(ctx, q, id)
			continue
		}
		q.Finish(ctx, id, "done", false)
	}
}

func later(ctx context.Context, q *xmerge.Queries, id int64) {
	q.Finish(ctx, id, "queued", true) // want `this call puts the job back with no limit\nwith the state this call gives it, xmerge.\(\*Queries\).Finish puts the job back \(q.go:24\)`
}
