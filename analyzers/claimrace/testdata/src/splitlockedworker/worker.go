package splitlockedworker

import (
	"context"

	"splitlocked"
)

func Run(ctx context.Context, s *splitlocked.Store) error {
	id, err := s.Next(ctx) // want "Next's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns"
	if err != nil {
		return err
	}
	return s.MarkRunning(ctx, id)
}
