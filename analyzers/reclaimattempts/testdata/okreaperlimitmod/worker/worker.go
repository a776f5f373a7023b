package worker

import (
	"context"

	"example.com/okreaperlimitmod/store"
)

const maxAttempts = 5

func Step(ctx context.Context, s *store.Store, run func([]byte) error) error {
	id, payload, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	n, err := s.Attempts(ctx, id)
	if err != nil {
		return err
	}
	if n > maxAttempts {
		return s.Finish(ctx, id, "failed")
	}
	if err := run(payload); err != nil {
		return s.Finish(ctx, id, "failed")
	}
	return s.Finish(ctx, id, "done")
}
