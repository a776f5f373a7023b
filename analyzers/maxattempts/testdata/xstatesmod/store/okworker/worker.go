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

func exhausted(j store.Job) bool { return j.Attempts >= 5 }

// RunSwitch decides in a switch, and through a helper that compares the
// attempts.
func RunSwitch(ctx context.Context, s *store.Store, j store.Job, err error) {
	switch {
	case err == nil:
		s.Move(ctx, j.ID, store.Done)
	case exhausted(j):
		s.Move(ctx, j.ID, store.Failed)
	default:
		s.Move(ctx, j.ID, store.Queued)
	}
}
