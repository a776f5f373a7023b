// The worker ends a job whose attempts ran out and retries the others
// through the store's Retry, which checks its arguments first.
package ok_xcheckworker

import (
	"context"
	"time"

	"xcheckstore"
)

const maxAttempts = 5

func Run(ctx context.Context, s *xcheckstore.Store, handle func(xcheckstore.Job) error) {
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
			s.Retry(ctx, j.ID, time.Now().Add(time.Minute))
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
