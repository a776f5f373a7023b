// A pipeline worker: a job whose stage succeeded moves on to the next
// stage; a failed one is put back only while it has attempts left.
package ok_nextstage

import (
	"context"

	"pipestore"
)

const maxAttempts = 5

func Run(ctx context.Context, s *pipestore.Store, handle func(pipestore.Job) (string, error)) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		next, err := handle(j)
		if err != nil {
			if j.Attempts < maxAttempts {
				s.Requeue(ctx, j.ID)
			}
			continue
		}
		if next != "" {
			s.Advance(ctx, j.ID, next)
			continue
		}
		s.Complete(ctx, j.ID)
	}
}

// RunSwitch decides in one switch: the next stage when the handler
// succeeded, the failure past the limit, a retry otherwise.
func RunSwitch(ctx context.Context, s *pipestore.Store, handle func(pipestore.Job) (string, error)) {
	for ctx.Err() == nil {
		j, err := s.Claim(ctx)
		if err != nil {
			continue
		}
		switch next, err := handle(j); {
		case err == nil && next != "":
			s.Advance(ctx, j.ID, next)
		case err == nil:
			s.Complete(ctx, j.ID)
		case j.Attempts < maxAttempts:
			s.Requeue(ctx, j.ID)
		}
	}
}
