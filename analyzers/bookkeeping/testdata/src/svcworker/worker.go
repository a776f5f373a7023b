// The worker puts a job back when the service fails to record it done:
// that error is the completion's, two packages down.
package svcworker

import (
	"context"

	"bkservice"
	"bkstore"
)

func Run(ctx context.Context, s *bkservice.Service) {
	for ctx.Err() == nil {
		id, err := s.Next(ctx)
		if err != nil {
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			s.Requeue(ctx, id)
			continue
		}
		if err := s.Done(ctx, id); err != nil { // want `the error of this completion takes the failure path`
			s.Requeue(ctx, id)
		}
	}
}
