// A pipeline worker: a job whose stage succeeded moves on to the next
// stage, which is no retry; a job whose stage failed is put back with
// no attempt compared, and fails for ever.
package nextstage

import (
	"context"

	"pipestore"
)

func Run(ctx context.Context, s *pipestore.Store, handle func(pipestore.Job) (string, error)) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		next, err := handle(j)
		if err != nil {
			s.Requeue(ctx, j.ID) // want `this call puts the job back with no limit`
			continue
		}
		if next != "" {
			s.Advance(ctx, j.ID, next)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}
