// The worker stops when Next finds nothing; every failed job goes back
// through Retry: the found-a-job bool decides nothing about the attempts.
package xnextworker

import (
	"context"

	"example.com/xnextstore"
)

func Run(ctx context.Context, s *xnextstore.Store, handle func(xnextstore.Job) error) {
	for ctx.Err() == nil {
		j, ok, err := s.Next(ctx)
		if err != nil || !ok {
			continue
		}
		if err := handle(j); err != nil {
			s.Retry(ctx, j.ID) // want `this call puts the job back with no limit\nxnextstore.\(\*Store\).Retry retries on every path`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
