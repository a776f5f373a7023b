// The worker moves every failed job back to Queued: nothing gives up.
package worker

import (
	"context"

	"example.com/xstates/store"
)

func Run(ctx context.Context, s *store.Store, handle func(store.Job) error) {
	for ctx.Err() == nil {
		j, ok, err := s.Next(ctx)
		if err != nil || !ok {
			continue
		}
		if err := handle(j); err != nil {
			s.Move(ctx, j.ID, store.Queued) // want `this call puts the job back with no limit\nwith the state this call gives it, xstates.\(\*Queries\).UpdateStatus puts the job back`
			continue
		}
		s.Move(ctx, j.ID, store.Done)
	}
}

func sweep(ctx context.Context, s *store.Store, id int64) {
	s.Requeue(ctx, id) // want `this call puts the job back with no limit\nxstates.\(\*Queries\).UpdateStatus retries on every path`
}
