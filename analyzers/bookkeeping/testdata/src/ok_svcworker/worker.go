// The service logs the completion's error itself: what the worker checks
// is the notifier's.
package ok_svcworker

import (
	"context"

	"bkservice"
	"bkstore"
)

func Run(ctx context.Context, s *bkservice.Service, notify func(int64) error) {
	for ctx.Err() == nil {
		id, err := s.Next(ctx)
		if err != nil {
			continue
		}
		if err := bkstore.Handle(ctx, id); err != nil {
			s.Requeue(ctx, id)
			continue
		}
		if err := s.DoneQuietly(ctx, id, notify); err != nil {
			s.Requeue(ctx, id)
		}
	}
}
