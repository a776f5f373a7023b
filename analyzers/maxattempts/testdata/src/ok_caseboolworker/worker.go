// The worker gives the store's bool from the attempt count.
package ok_caseboolworker

import (
	"context"
	"errors"

	"caseboolstore"
)

var ErrFatal = errors.New("fatal")

const maxAttempts = 8

func Consume(ctx context.Context, s *caseboolstore.Store, handle func([]byte) error) error {
	for {
		m, err := s.Lease(ctx)
		if err != nil {
			return err
		}
		if err := handle(m.Body); err != nil {
			final := errors.Is(err, ErrFatal) || m.Attempts >= maxAttempts
			if err := s.Nack(ctx, m.ID, err.Error(), final); err != nil {
				return err
			}
			continue
		}
		if err := s.Ack(ctx, m.ID); err != nil {
			return err
		}
	}
}
