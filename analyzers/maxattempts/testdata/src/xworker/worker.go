// The worker puts every failed job back through the store's Retry, which
// always requeues: nothing ever gives up.
package xworker

import (
	"context"

	"xstore"
)

func Run(ctx context.Context, s *xstore.Store, handle func(xstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			s.Retry(ctx, j.ID) // want `this call puts the job back with no limit\nxstore.\(\*Store\).Retry retries on every path`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
