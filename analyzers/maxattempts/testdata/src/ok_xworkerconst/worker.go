// The worker gives up at once on a job that cannot succeed, saying so to
// the store's Retry with a constant, and lets the attempts decide for the
// others: neither call puts a job back with no limit.
package ok_xworkerconst

import (
	"context"
	"errors"

	"xstoreparam"
)

const maxAttempts = 5

var (
	errPermanent = errors.New("permanent")
	errInvalid   = errors.New("invalid")
)

func Run(ctx context.Context, s *xstoreparam.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		err = handle(id)
		switch {
		case err == nil:
		case errors.Is(err, errPermanent):
			s.Retry(ctx, id, true) // the last attempt: failed for good
		case errors.Is(err, errInvalid):
			s.Release(ctx, id, false) // not to be retried
		case attempts >= maxAttempts:
			s.Retry(ctx, id, true)
		default:
			s.Retry(ctx, id, false)
		}
	}
}
