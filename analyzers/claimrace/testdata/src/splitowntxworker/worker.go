package splitowntxworker

import (
	"context"

	"splitowntx"
)

func Run(ctx context.Context, s *splitowntx.Store) error {
	ids, err := s.Pending(ctx, 10) // want "Pending's FOR UPDATE runs in a transaction it ends before it returns, which releases its row lock"
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.MarkRunning(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
