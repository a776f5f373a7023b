// The worker puts a failed job back through RetryNow, which starts its
// count again: the limit it checks is never reached.
package xresetworker

import (
	"context"

	"xresetstore"
)

func Run(ctx context.Context, s *xresetstore.Store, handle func(xresetstore.Job) error) {
	const maxAttempts = 5
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
			s.RetryNow(ctx, j.ID) // want `this call resets attempts to 0, the count the attempt limit is compared with\nxresetstore.\(\*Store\).RetryNow puts the job back with attempts = 0`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}

// Hooks a runner looks up by name: requeueFresh has no static caller, and
// no package but this one can call it.
var Hooks = map[string]func(context.Context, *xresetstore.Store, int64){"fresh": requeueFresh}

func requeueFresh(ctx context.Context, s *xresetstore.Store, id int64) {
	s.RetryNow(ctx, id) // want `this call resets attempts to 0`
}
