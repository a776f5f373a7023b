// The worker gives the store a time to retry at while attempts are left,
// and none once they ran out, or when the error says a retry cannot help:
// the task fails for good.
package ok_xworkernil

import (
	"context"
	"errors"
	"time"

	"xstorenil"
)

const maxRetries = 5

var errPermanent = errors.New("permanent")

func Run(ctx context.Context, s *xstorenil.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		err = handle(id)
		switch {
		case err == nil:
		case errors.Is(err, errPermanent):
			s.FailTask(ctx, id, err.Error(), nil)
			s.Release(ctx, id, nil)
			s.MarkFailed(ctx, id, err.Error(), nil)
		case attempts < maxRetries:
			next := time.Now().Add(time.Duration(attempts) * time.Minute)
			s.FailTask(ctx, id, err.Error(), &next)
			s.MarkFailed(ctx, id, err.Error(), &next)
		default:
			s.FailTask(ctx, id, err.Error(), nil)
			s.MarkFailed(ctx, id, err.Error(), nil)
		}
	}
}

// RunGiven passes the time through a variable set only while attempts
// are left: nil, and a failure for good, once they ran out.
func RunGiven(ctx context.Context, s *xstorenil.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			var next *time.Time
			if attempts < maxRetries {
				t := time.Now().Add(time.Minute)
				next = &t
			}
			s.MarkFailed(ctx, id, err.Error(), next)
		}
	}
}
