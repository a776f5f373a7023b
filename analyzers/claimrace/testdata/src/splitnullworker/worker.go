package splitnullworker

import (
	"context"

	"splitnull"
)

func Run(ctx context.Context, s *splitnull.Store) error {
	id, err := s.Next(ctx)
	if err != nil {
		return err
	}
	return s.Lock(ctx, id)
}
