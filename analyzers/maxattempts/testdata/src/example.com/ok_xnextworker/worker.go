// The worker asks the store whether the job's attempts ran out, in
// another package: that bool is the guard.
package ok_xnextworker

import (
	"context"

	"example.com/xnextstore"
)

func Run(ctx context.Context, s *xnextstore.Store, handle func(xnextstore.Job) error) {
	for ctx.Err() == nil {
		j, ok, err := s.Next(ctx)
		if err != nil || !ok {
			continue
		}
		if err := handle(j); err != nil {
			if s.Exhausted(j) {
				s.Fail(ctx, j.ID)
				continue
			}
			s.Retry(ctx, j.ID)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}

// RunCounted keeps its own count of failures and asks the store whether
// it has room for another.
func RunCounted(ctx context.Context, s *xnextstore.Store, handle func(xnextstore.Job) error) {
	failures := map[int64]int{}
	for ctx.Err() == nil {
		j, ok, err := s.Next(ctx)
		if err != nil || !ok {
			continue
		}
		if err := handle(j); err != nil {
			failures[j.ID]++
			if !s.HasRoom(failures[j.ID]) {
				s.Fail(ctx, j.ID)
				continue
			}
			s.Retry(ctx, j.ID)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
