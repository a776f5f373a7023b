// The worker puts every failed job back through the store's requeues:
// their early returns are failures to load or to begin, not a limit, so
// nothing ever gives up.
package xloadworker

import (
	"context"

	"xloadstore"
)

func Run(ctx context.Context, s *xloadstore.Store, handle func(xloadstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			s.RequeueByID(ctx, j.ID) // want `this call puts the job back with no limit\nxloadstore.\(\*Store\).RequeueByID retries on every path`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}

func RunTx(ctx context.Context, s *xloadstore.Store, handle func(xloadstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			s.RetryTx(ctx, j.ID) // want `this call puts the job back with no limit\nxloadstore.\(\*Store\).RetryTx retries on every path`
			continue
		}
		s.Complete(ctx, j.ID)
	}
}

// The store's own lookups decide for these two: nothing to report here.
func RunDecided(ctx context.Context, s *xloadstore.Store, handle func(xloadstore.Job) error) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(j); err != nil {
			s.RetryIfLeft(ctx, j.ID)
			s.RetryChecked(ctx, j.ID)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
