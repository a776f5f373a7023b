package relay

import (
	"context"

	"example.com/okclaimreadelsewheremod/store"
)

const maxAttempts = 5

func Next(ctx context.Context, s *store.Store, send func(int64) error) error {
	j, err := s.Claim(ctx)
	if err != nil {
		return err
	}
	if j.Attempts > maxAttempts {
		return s.Drop(ctx, j.ID)
	}
	if err := send(j.ID); err != nil {
		return s.Retry(ctx, j.ID)
	}
	return s.Done(ctx, j.ID)
}
