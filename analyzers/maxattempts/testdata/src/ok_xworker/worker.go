// The worker decides between the store's Retry and Fail on the attempts.
package ok_xworker

import (
	"context"

	"xstore"
)

const maxAttempts = 5

func Run(ctx context.Context, s *xstore.Store, handle func(xstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		switch err := handle(j); {
		case err == nil:
			s.Complete(ctx, j.ID)
		case j.Attempts >= maxAttempts:
			s.Fail(ctx, j.ID)
		default:
			s.Retry(ctx, j.ID)
		}
	}
}
