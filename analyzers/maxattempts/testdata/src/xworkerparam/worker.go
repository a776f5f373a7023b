// The worker never says a job had its last attempt: every failed job goes
// back for ever.
package xworkerparam

import (
	"context"
	"errors"

	"xstoreparam"
)

var errFatal = errors.New("fatal")

func Run(ctx context.Context, s *xstoreparam.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			s.Retry(ctx, id, errors.Is(err, errFatal)) // want `this call puts the job back with no limit\nxstoreparam.\(\*Store\).Retry retries unless its caller says the attempts ran out`
		}
	}
}
