// The worker gives up once the attempts run out.
package okworker

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
			if j.Attempts >= 5 {
				s.Move(ctx, j.ID, store.Failed)
				continue
			}
			s.Move(ctx, j.ID, store.Queued)
			continue
		}
		s.Move(ctx, j.ID, store.Done)
	}
}

// RunOnce fails a job at its first error: Failed is no retry.
func RunOnce(ctx context.Context, s *store.Store, j store.Job, handle func(store.Job) error) {
	if err := handle(j); err != nil {
		s.Move(ctx, j.ID, store.Failed)
	}
}
