// The worker tells the store's Retry, with a constant, that no attempt is
// ever the last: every failed job goes back for ever.
package xworkerconst

import (
	"context"

	"xstoreparam"
)

func Run(ctx context.Context, s *xstoreparam.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, _, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil && ctx.Err() != nil {
			s.Release(ctx, id, true) // want `this call puts the job back with no limit\nxstoreparam.\(\*Store\).Release retries unless its caller says the attempts ran out`
		} else if err != nil {
			s.Retry(ctx, id, false) // want `this call puts the job back with no limit\nxstoreparam.\(\*Store\).Retry retries unless its caller says the attempts ran out`
		}
	}
}
