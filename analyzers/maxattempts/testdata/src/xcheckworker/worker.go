// The worker puts every failed job back through the store's Retry: the
// store's argument checks refuse bad input, not exhausted jobs, so
// nothing ever gives up.
package xcheckworker

import (
	"context"
	"time"

	"xcheckstore"
)

func Run(ctx context.Context, s *xcheckstore.Store, handle func(xcheckstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			s.Retry(ctx, j.ID, time.Now().Add(time.Minute)) // want `this call puts the job back with no limit\nxcheckstore.\(\*Store\).Retry retries on every path`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
