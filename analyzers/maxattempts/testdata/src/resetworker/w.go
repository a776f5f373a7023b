// The rescuer's Requeue takes back a stuck job (the lease's business);
// the worker's retries a failed one with no limit.
package resetworker

import (
	"context"

	"resetstore"
)

func Rescue(ctx context.Context, s *resetstore.Store) error {
	id, err := s.StuckJob(ctx)
	if err != nil {
		return err
	}
	return s.Requeue(ctx, id)
}

func Work(ctx context.Context, s *resetstore.Store, handle func(int64) error) {
	for ctx.Err() == nil {
		id, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		if err := handle(id); err != nil {
			s.Requeue(ctx, id) // want `this call puts the job back with no limit\nresetstore.\(\*Store\).Requeue retries on every path`
			continue
		}
		s.Complete(ctx, id)
	}
}
