// The worker tells the store's Retry when the attempts ran out.
package ok_xworkerparam

import (
	"context"

	"xstoreparam"
)

const maxAttempts = 5

func Run(ctx context.Context, s *xstoreparam.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			s.Retry(ctx, id, attempts >= maxAttempts)
		}
	}
}
