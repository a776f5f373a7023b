// The worker decides the store's bool by the error alone.
package caseboolworker

import (
	"context"
	"errors"

	"caseboolstore"
)

var ErrFatal = errors.New("fatal")

func Consume(ctx context.Context, s *caseboolstore.Store, handle func([]byte) error) error {
	for {
		m, err := s.Lease(ctx)
		if err != nil {
			return err
		}
		if err := handle(m.Body); err != nil {
			if err := s.Nack(ctx, m.ID, err.Error(), errors.Is(err, ErrFatal)); err != nil { // want `this call puts the job back with no limit`
				return err
			}
			continue
		}
		if err := s.Ack(ctx, m.ID); err != nil {
			return err
		}
	}
}
