// The worker ends a job whose attempts ran out and requeues the others
// through the store's loading requeue.
package ok_xloadworker

import (
	"context"

	"xloadstore"
)

const maxAttempts = 5

func Run(ctx context.Context, s *xloadstore.Store, handle func(xloadstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			if j.Attempts >= maxAttempts {
				s.Fail(ctx, j.ID)
				continue
			}
			s.RequeueByID(ctx, j.ID)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
